// A stand-in for a Sentry-compatible ingest (Sentry, GlitchTip) on 127.0.0.1, for tests and for trying
// error tracking without an account. It takes what the official SDKs post to
// POST /api/<project id>/envelope/ (gzip, deflate or br bodies too), keeps each envelope parsed into its
// header and items, answers 200 {"id": …} as the real service does, and lists what arrived over HTTP.
//
//   node scripts/sentry/fake-ingest.mjs [--port 9400] [--quiet]
//   SENTRY_DSN=http://public@127.0.0.1:9400/1 SENTRY_BROWSER_DSN=http://public@127.0.0.1:9400/2 npm start
//   open http://127.0.0.1:9400/envelopes (JSON, oldest first; ?project=2 keeps one project's;
//   replay recordings are shown decompressed). DELETE /envelopes forgets them.
//
// Loopback only, kept in memory, never for production.

import { randomUUID } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import { decodeBody, parseEnvelope, readReplayRecording } from "./envelope.mjs";

const ENVELOPE_PATH = /^\/api\/(\d+)\/envelope\/?$/;
// Enough for a test run or a demo; the oldest go first.
const MAX_ENVELOPES = 1000;

/** An item as JSON can show it: a replay recording decompressed, other bytes as base64. */
function readable(item) {
  if (!Buffer.isBuffer(item.payload)) return item;
  if (item.header.type === "replay_recording") {
    try {
      return { header: item.header, payload: readReplayRecording(item.payload) };
    } catch {
      // Shown as bytes below.
    }
  }
  return { header: item.header, payload: { base64: item.payload.toString("base64") } };
}

/**
 * Starts the fake. `envelopes` holds what arrived: `{ projectId, receivedAt, contentEncoding, auth,
 * header, items, raw }`, `raw` being the decoded envelope as text (search it for what must not be there).
 */
export function startFakeIngest({ port = 0, host = "127.0.0.1", log = () => {} } = {}) {
  const envelopes = [];
  const requests = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push({ method: request.method, path: url.pathname });
    // The browser SDK posts from the app's origin: a plain CORS answer lets it read our reply.
    response.setHeader("access-control-allow-origin", "*");
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-methods": "POST, OPTIONS",
        "access-control-allow-headers": "content-type, x-sentry-auth, sentry-trace, baggage",
        "access-control-max-age": "600",
      });
      response.end();
      return;
    }
    const match = ENVELOPE_PATH.exec(url.pathname);
    if (request.method === "POST" && match) {
      const chunks = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        try {
          const body = decodeBody(Buffer.concat(chunks), request.headers["content-encoding"]);
          const envelope = parseEnvelope(body);
          envelopes.push({
            projectId: match[1],
            receivedAt: new Date().toISOString(),
            contentEncoding: request.headers["content-encoding"] ?? null,
            auth: request.headers["x-sentry-auth"] ?? url.searchParams.get("sentry_key") ?? null,
            ...envelope,
          });
          if (envelopes.length > MAX_ENVELOPES) envelopes.shift();
          log(`envelope for project ${match[1]}: ${envelope.items.map((item) => item.header.type).join(", ")}`);
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ id: envelope.header.event_id ?? randomUUID().replaceAll("-", "") }));
        } catch (error) {
          response.writeHead(400, { "content-type": "application/json" });
          response.end(JSON.stringify({ detail: `invalid envelope: ${error.message}` }));
        }
      });
      return;
    }
    if (url.pathname === "/envelopes" && request.method === "GET") {
      const project = url.searchParams.get("project");
      const list = envelopes
        .filter((envelope) => !project || envelope.projectId === project)
        .map((envelope) => ({ ...envelope, items: envelope.items.map(readable) }));
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(list, null, 2));
      return;
    }
    if (url.pathname === "/envelopes" && request.method === "DELETE") {
      envelopes.length = 0;
      requests.length = 0;
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ detail: "not found" }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const origin = `http://${host}:${address.port}`;
      resolve({
        port: address.port,
        origin,
        envelopes,
        requests,
        /** A DSN that sends project `projectId`'s events here. */
        dsn: (projectId = 1) => `http://public@${host}:${address.port}/${projectId}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { port: { type: "string", default: "9400" }, quiet: { type: "boolean", default: false } },
  });
  const ingest = await startFakeIngest({
    port: Number(values.port),
    log: values.quiet ? () => {} : (line) => console.log(line),
  });
  console.log(
    `Fake Sentry ingest on ${ingest.origin}: DSN ${ingest.dsn(1)}; what arrived at ${ingest.origin}/envelopes`,
  );
  const stop = () => ingest.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
