import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createOutboundHttp, type OutboundHttp, type OutboundHttpError, type Resolve } from "./outbound-http.ts";

// The outbound client against real sockets on 127.0.0.1: what it refuses to reach, how it pins the
// address it checked, and how it bounds a receiver that redirects, stalls or answers too much.

type Hit = { url: string; headers: IncomingHttpHeaders };

const servers: Server[] = [];
async function listen(handler: RequestListener) {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    hits.push({ url: request.url ?? "", headers: request.headers });
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { hits, port: (server.address() as AddressInfo).port };
}
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const ok: RequestListener = (_request, response) => response.end("ok");
const resolveTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
/** Why a URL may not be saved, or null. */
const refusal = async (client: OutboundHttp, url: string) => (await client.checkUrl(url))?.message ?? null;
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as OutboundHttpError;
  }
  throw new Error("the call succeeded");
};

describe("the outbound HTTP client", () => {
  const strict = createOutboundHttp({ allowPrivate: false });

  it("refuses loopback in every spelling, and the receiver hears nothing", async () => {
    const receiver = await listen(ok);
    const port = receiver.port;
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://api.localhost:${port}/hook`,
      `http://0.0.0.0:${port}/hook`,
    ]) {
      const error = await failure(strict.send({ url, body: "{}" }));
      expect(error.reason, url).toBe("blocked_address");
      expect(error.message, url).toContain("not a public address");
    }
    expect(receiver.hits).toEqual([]);
  });

  it("refuses the private, link-local, metadata and multicast classes before connecting", async () => {
    for (const url of [
      "http://10.0.0.1/",
      "http://172.16.0.1/",
      "http://192.168.0.1/",
      "http://100.64.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://[fe80::1]/",
      "http://[fc00::1]/",
      "http://224.0.0.1/",
      "http://[ff02::1]/",
      "http://255.255.255.255/",
      "http://[64:ff9b::a00:1]/",
    ]) {
      expect((await failure(strict.send({ url }))).reason, url).toBe("blocked_address");
    }
  });

  it("refuses a public-looking name that resolves to loopback, or to loopback among public addresses", async () => {
    const receiver = await listen(ok);
    for (const resolve of [resolveTo("127.0.0.1"), resolveTo("93.184.216.34", "127.0.0.1"), resolveTo("::1")]) {
      const client = createOutboundHttp({ allowPrivate: false, resolve });
      const error = await failure(client.send({ url: `http://hooks.example.com:${receiver.port}/` }));
      expect(error.reason).toBe("blocked_address");
      expect(error.message).toMatch(/^hooks\.example\.com resolves to .*, which is not a public address \(loopback\)$/);
    }
    expect(receiver.hits).toEqual([]);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "http://user:pass@example.com/", "not a url"]) {
      expect((await failure(strict.send({ url }))).reason, url).toBe("invalid_url");
    }
  });

  it("connects only to the address it checked, resolving once, with the URL's Host", async () => {
    const receiver = await listen(ok);
    let lookups = 0;
    // A name whose next answer would be elsewhere: the socket never asks again.
    const client = createOutboundHttp({
      allowPrivate: true,
      resolve: async () =>
        lookups++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }],
    });
    const response = await client.send({ url: `http://rebind.example.com:${receiver.port}/hook?x=1`, body: "{}" });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("ok");
    expect(lookups).toBe(1);
    expect(receiver.hits).toEqual([
      expect.objectContaining({
        url: "/hook?x=1",
        headers: expect.objectContaining({ host: `rebind.example.com:${receiver.port}` }),
      }),
    ]);
  });

  it("names the URL's host to TLS (SNI), not the pinned address", async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(new Error("no certificate here"));
      },
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const client = createOutboundHttp({ allowPrivate: true, resolve: resolveTo("127.0.0.1") });
      const port = (tls.address() as AddressInfo).port;
      expect((await failure(client.send({ url: `https://hooks.example.com:${port}/` }))).reason).toBe("unreachable");
      expect(names).toEqual(["hooks.example.com"]);
    } finally {
      tls.close();
    }
  });

  it("follows no redirect, to loopback or anywhere", async () => {
    const inside = await listen(ok);
    const redirector = await listen((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${inside.port}/admin` }).end();
    });
    const client = createOutboundHttp({ allowPrivate: true });
    const error = await failure(client.send({ url: `http://127.0.0.1:${redirector.port}/` }));
    expect(error.reason).toBe("redirect");
    expect(error.message).toBe("Answered 302: redirects are not followed");
    expect(redirector.hits).toHaveLength(1);
    expect(inside.hits).toEqual([]);
  });

  it("cuts a receiver that does not answer, or drips its answer, at the time cap", async () => {
    const silent = await listen(() => {});
    const dripping = await listen((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write("."), 50);
      response.on("close", () => clearInterval(timer));
    });
    const client = createOutboundHttp({ allowPrivate: true });
    for (const port of [silent.port, dripping.port]) {
      const started = Date.now();
      const error = await failure(client.send({ url: `http://127.0.0.1:${port}/`, timeoutMs: 300 }));
      expect(error.reason).toBe("timeout");
      // Uncut, neither would ever end: 10 s tells that apart even on a busy machine.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it("cuts an answer larger than the size cap", async () => {
    const large = await listen((_request, response) => response.end(Buffer.alloc(1024 * 1024, "x")));
    const client = createOutboundHttp({ allowPrivate: true, limits: { maxResponseBytes: 64 * 1024 } });
    const error = await failure(client.send({ url: `http://127.0.0.1:${large.port}/` }));
    expect(error.reason).toBe("too_large");
    expect(error.message).toBe("Answered more than 64 KB");
  });

  it("checks a URL before it is saved: private ones refused, a name that does not resolve yet let through", async () => {
    expect(await refusal(strict, "http://127.0.0.1:8080/")).toBe("127.0.0.1 is not a public address (loopback)");
    expect(await refusal(strict, "http://0x7f000001/")).toContain("(loopback)");
    expect(await refusal(strict, "http://user:secret@example.com/")).toBe(
      "The URL must not carry a user name or password",
    );
    expect(await refusal(strict, "http://[::ffff:169.254.169.254]/")).toContain(
      "(cloud metadata, as IPv4-mapped IPv6)",
    );
    expect(await refusal(strict, "http://localhost/")).toContain("(loopback)");
    const failing = createOutboundHttp({
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    });
    expect(await refusal(failing, "https://hooks.example.com/")).toBeNull();
    const toLoopback = createOutboundHttp({ allowPrivate: false, resolve: resolveTo("127.0.0.1") });
    expect(await refusal(toLoopback, "https://hooks.example.com/")).toBe(
      "hooks.example.com resolves to 127.0.0.1, which is not a public address (loopback)",
    );
    const toPublic = createOutboundHttp({ allowPrivate: false, resolve: resolveTo("93.184.216.34") });
    expect(await refusal(toPublic, "https://hooks.example.com/")).toBeNull();
  });
});
