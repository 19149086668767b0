// `npm run bench`: the speed and size goals, measured on this machine.
//  - start-up: `npm start` on an existing database, from spawn to a 200 from /readyz (goal ≤ 3 s);
//  - bundle: the JavaScript a signed-in user downloads to see the shell (goal ≤ 150 KB gzip);
//  - widget: the website chat's loader (budget ≤ 10 KB gzip) and its frame's JavaScript and CSS;
//  - sales: the sales API's p50/p95 at 10k, 100k and 1M orders on PGlite and PostgreSQL;
//    `npm run bench -- sales pglite` (or `postgres`) measures one engine;
//  - api: throughput of nine API reads (me.json, the list endpoints, the dashboard's) under 50 connections, as a ratio
//    to a raw node:http server, with each answer's size, CPU per request and the server's RSS and heap;
//    `npm run bench -- api pglite` (or `postgres`, `both`) measures one engine, and
//    `npm run bench -- api both /app/me.json` one endpoint;
//  - load: 60 s of mixed reads and writes under 50 connections; every acknowledged write is checked;
//  - render: a page of 50 conversations and a 500-message thread on a 375 px phone, and the AI
//    employees table with 1,000 employees (load, sort, search, next page);
//  - agents: customer messages through the channel API to a stored AI reply (built-in engine), per
//    second, on PGlite and PostgreSQL, beside staff replies as the baseline;
//  - knowledge: a 100-page PDF's indexing in pages per second (beside unpdf reading it alone) and search
//    p50/p95/p99 over 10,000 chunks (beside GET /app/me.json), on PGlite and PostgreSQL;
//    `npm run bench -- knowledge pglite` (or `postgres`) measures one engine;
//  - knowledge-hostile: me.json p50/p95/p99 while a crafted HTML page and Markdown file, a DOCX that
//    inflates to 1 GB and a PDF of 10,000 pages are read (goal p99 ≤ 100 ms), beside a baseline;
//  - email: mails per second through the SMTP listener to a stored conversation, and the p95 from a
//    mail accepted to its AI reply handed to SMTP, beside the channel API's for the same question;
//    `npm run bench -- email pglite` (or `postgres`) measures one engine;
//  - tickets: `GET /app/tickets.json` with filters at 1,000,000 tickets (PostgreSQL; 100,000 on PGlite),
//    p50/p95 beside the orders list with a state filter in the same run (goal: p95 within 1.5×);
//    `npm run bench -- tickets pglite` (or `postgres`) measures one engine, `… tickets pglite 1000000` a size;
//  - conversations-scale: 1,000,000 conversations and 10,000,000 messages over 100 companies on PostgreSQL
//    (a tenth on PGlite): the inbox list with each filter, a conversation's first page of messages, the
//    tasks list and message search (goal p95 ≤ 50 ms), and a new message on 200 open live streams (goal
//    p95 ≤ 1 s); `npm run bench -- conversations-scale pglite` (or `postgres`) measures one engine;
//  - orders-scale: 1,000,000 orders over 100 companies (a year each) and 10,000,000 over 250 (four years
//    each) on PostgreSQL, loaded with COPY (`--dense`: 100 companies and a year at both sizes): the
//    dashboard's indicators, the leads breakdown, the orders list with a state filter and the per-employee
//    outcomes (goals p95 ≤ 20 ms at 10M and at most 2× the 1M figure); `… orders-scale 1000000` one size,
//    `… orders-scale --explain` the plans at the largest size;
//  - write-cost: a staff reply over HTTP and a one-row UPDATE with the data-change notices' triggers on and
//    off in alternating blocks, on both engines: what the answer cache's invalidation costs a write;
//  - calls: signed speech turns at the voice webhook to the TwiML with the AI's spoken reply (built-in
//    engine; goal p95 < 300 ms), beside the channel API's message → reply for the same words;
//    `npm run bench -- calls pglite` (or `postgres`) measures one engine;
//  - engine: the built-in engine's reply time over the eval conversation set, tools in memory, no
//    database: p50/p95/max per reply and per model call beside a JSON round trip of the same requests
//    (goal p95 ≤ 50 ms per reply);
//  - lighthouse: Lighthouse over every route, signed out and signed in with the demo data, in the mobile
//    preset (a mid-range phone on slow 4G) and the desktop one; goals: mobile performance ≥ 95 with
//    LCP ≤ 2.5 s and TBT ≤ 200 ms, accessibility and best practices 100 in both presets;
//    `npm run bench -- lighthouse mobile /dashboard,/inbox` measures some routes in one preset;
//  - faults: SIGTERM under load, kill -9 during writes, PostgreSQL unreachable (scripts/bench/faults.mjs).

import { benchAgents } from "./bench/agents.mjs";
import { benchApi } from "./bench/api.mjs";
import { benchBundle } from "./bench/bundle.mjs";
import { benchCalls } from "./bench/calls.mjs";
import { benchConversationsScale } from "./bench/conversations-scale.mjs";
import { benchEmail } from "./bench/email.mjs";
import { benchEngine } from "./bench/engine.mjs";
import { benchFaults } from "./bench/faults.mjs";
import { benchKnowledge } from "./bench/knowledge.mjs";
import { benchKnowledgeHostile } from "./bench/knowledge-hostile.mjs";
import { benchLighthouse } from "./bench/lighthouse.mjs";
import { benchLoad } from "./bench/load.mjs";
import { benchOrdersScale } from "./bench/orders-scale.mjs";
import { benchRender } from "./bench/render.mjs";
import { benchSales } from "./bench/sales.mjs";
import { benchStartup } from "./bench/startup.mjs";
import { benchTickets } from "./bench/tickets.mjs";
import { benchWidget } from "./bench/widget.mjs";
import { benchWriteCost } from "./bench/write-cost.mjs";
import { buildWebIfStale } from "./lib.mjs";

const only = process.argv[2];
// The engine bench never serves the web app: no build for it alone.
if (only !== "engine" && (await buildWebIfStale()) !== 0) process.exit(1);
if (!only || only === "startup") await benchStartup();
if (!only || only === "bundle") await benchBundle();
if (!only || only === "widget") await benchWidget();
if (!only || only === "render") await benchRender();
if (!only || only === "api") await benchApi({ only: process.argv[3], endpoints: process.argv.slice(4) });
if (!only || only === "load")
  await benchLoad({ only: process.argv[3], seconds: Number(process.env.LOAD_SECONDS ?? 60) });
if (!only || only === "sales") await benchSales({ only: process.argv[3] });
if (!only || only === "agents") await benchAgents({ only: process.argv[3] });
if (!only || only === "knowledge") await benchKnowledge({ only: process.argv[3] });
if (!only || only === "knowledge-hostile") await benchKnowledgeHostile();
if (!only || only === "email") await benchEmail({ only: process.argv[3] });
if (!only || only === "tickets")
  await benchTickets({ only: process.argv[3], size: process.argv[4] ? Number(process.argv[4]) : undefined });
if (!only || only === "conversations-scale")
  await benchConversationsScale({ only: process.argv[3], size: process.argv[4] ? Number(process.argv[4]) : undefined });
if (!only || only === "orders-scale") await benchOrdersScale({ args: process.argv.slice(3) });
if (!only || only === "write-cost") await benchWriteCost({ only: process.argv[3] });
if (!only || only === "calls") await benchCalls({ only: process.argv[3] });
if (!only || only === "engine") await benchEngine();
if (!only || only === "lighthouse") {
  const preset = ["mobile", "desktop"].includes(process.argv[3]) ? [process.argv[3]] : undefined;
  const routes = process.argv.slice(preset ? 4 : 3).flatMap((list) => list.split(","));
  await benchLighthouse({ presets: preset, only: routes.length > 0 ? routes : undefined });
}
if (!only || only === "faults") await benchFaults();
