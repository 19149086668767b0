import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { readTlsFiles } from "#server/lib/tls-files.ts";
import { closeListeningApp } from "#server/test/sse-client.ts";
import { type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { localhostCertificate } from "../../../scripts/bench/local-tls.mjs";

// TLS_CERT_FILE and TLS_KEY_FILE: the app itself answers HTTPS on its port, HTTP/2 to a client that
// offers it (a browser: every file of a page on one connection) and HTTP/1.1 to one that does not.

/** A certificate for localhost, signed by itself, and its key, as PEM files in a new folder. */
async function localhostCertificateIn() {
  const dir = mkdtempSync(path.join(tmpdir(), "foreman-tls-"));
  return { dir, ...(await localhostCertificate(dir)) };
}

/** One request over an HTTP/2 session: the status, the headers and the body's text (or its first bytes). */
function h2Get(session: http2.ClientHttp2Session, requestPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = session.request({ ":path": requestPath, ...headers });
    let responseHeaders: http2.IncomingHttpHeaders = {};
    let body = "";
    request.setEncoding("utf8");
    request.on("response", (received) => {
      responseHeaders = received;
    });
    request.on("data", (chunk: string) => {
      body += chunk;
      // A live stream never ends on its own: its first frame is enough.
      if (responseHeaders["content-type"]?.startsWith("text/event-stream") && body.includes("\n\n")) {
        request.close();
        resolve({ status: Number(responseHeaders[":status"]), headers: responseHeaders, body });
      }
    });
    request.on("end", () => resolve({ status: Number(responseHeaders[":status"]), headers: responseHeaders, body }));
    request.on("error", reject);
  });
}

describe("HTTPS on the app's own port (TLS_CERT_FILE, TLS_KEY_FILE)", () => {
  let w: TasksWorld;
  let certificate: Awaited<ReturnType<typeof localhostCertificateIn>>;
  let port: number;

  beforeAll(async () => {
    certificate = await localhostCertificateIn();
    w = await tasksWorld({ env: { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } });
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (w.t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await closeListeningApp(w.t.app, w.t.close);
    rmSync(certificate.dir, { recursive: true, force: true });
  });

  it("answers HTTP/2, the API and a live stream included, on one connection", async () => {
    const session = http2.connect(`https://localhost:${port}`, { ca: certificate.cert });
    try {
      const health = await h2Get(session, "/healthz");
      expect(health.status).toBe(200);
      const me = await h2Get(session, "/app/me.json", w.a.headers);
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).id).toBe(w.a.userId);
      const refused = await h2Get(session, "/app/me.json");
      expect(refused.status).toBe(401);
      const stream = await h2Get(session, "/app/events", w.a.headers);
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(stream.body).toContain(": connected");
    } finally {
      session.close();
    }
  });

  it("answers HTTP/1.1 over TLS to a client without HTTP/2", async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(
          { host: "127.0.0.1", servername: "localhost", port, path: "/healthz", ca: certificate.cert },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, version: response.httpVersion }));
          },
        )
        .on("error", reject);
    });
    expect(answer).toEqual({ status: 200, version: "1.1" });
  });

  it("gives its own address as https in the links it makes when PUBLIC_URL is unset", () => {
    expect(w.t.config.appUrl).toBe(`https://localhost:${w.t.config.port}`);
  });
});

describe("TLS settings", () => {
  it("refuses a certificate without its key, and a key without its certificate", () => {
    expect(() => loadConfig({ TLS_CERT_FILE: "cert.pem" })).toThrow(
      "TLS_KEY_FILE must be set too (TLS_CERT_FILE and TLS_KEY_FILE go together)",
    );
    expect(() => loadConfig({ TLS_KEY_FILE: "key.pem" })).toThrow("TLS_CERT_FILE must be set too");
  });

  it("names the setting whose file cannot be read", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "foreman-tls-"));
    try {
      const certFile = path.join(dir, "cert.pem");
      writeFileSync(certFile, "not read further");
      const missing = path.join(dir, "missing-key.pem");
      const error = await readTlsFiles({ certFile, keyFile: missing }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(`Invalid configuration: TLS_KEY_FILE (${missing}) cannot be read: ENOENT`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
