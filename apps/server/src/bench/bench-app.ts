import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import type { FastifyInstance } from "fastify";
import { type Config, loadConfig } from "#server/config.ts";

// The real app as the HTTP benchmarks serve and call it: its settings for a run, its loopback address,
// and one timed request as the web app sends it.

/**
 * The app's settings for one benchmark run, with its own scratch DATA_DIR (named after `name`): no logs,
 * no demo seed, loopback only, and no per-client request limit (the benchmark is one client asking as
 * fast as it can; that limit is not under test). `env` adds to or overrides these.
 */
export function benchConfig(
  name: string,
  env: Record<string, string | undefined>,
): { config: Config; removeDataDir: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), `foreman-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    PORT: "0",
    HOST: "127.0.0.1",
    RATE_LIMIT_MAX: "100000000",
    ...env,
  });
  return { config, removeDataDir: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts the app on 127.0.0.1 at `port` (0: a free one); answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
}

export type TimedAnswer = { status: number; ok: boolean; body: string; ms: number };

/** One GET as the web app sends it (the user's token, the web client, the company), timed to its last byte. */
export async function timedGet(url: string, token: string, companyId: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
      [COMPANY_ID_HEADER]: companyId,
    },
  });
  const body = await response.text();
  return { status: response.status, ok: response.ok, body, ms: performance.now() - started };
}

/**
 * One GET as a read after any change to the company's data meets it: the app's answer cache
 * (plugins/answer-cache.ts) is dropped first. The scale benchmarks time the queries, not the cache,
 * which a live company's next message empties anyway.
 */
export function uncachedGet(app: FastifyInstance, url: string, token: string, companyId: string): Promise<TimedAnswer> {
  app.answerCache.clear();
  return timedGet(url, token, companyId);
}

/** One JSON POST as the web app sends it, timed to its last byte. */
export async function timedPost(url: string, body: unknown, token: string, companyId: string): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
      [COMPANY_ID_HEADER]: companyId,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, ok: response.ok, body: text, ms: performance.now() - started };
}

/** A timing as the benchmarks report it: milliseconds to two decimals. */
export const roundMs = (ms: number) => Math.round(ms * 100) / 100;
