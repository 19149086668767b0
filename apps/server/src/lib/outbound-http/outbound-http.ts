import dns from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import { refusedAddress } from "./address-policy.ts";
import { parseIpLiteral } from "./ip-address.ts";
import { hostOf, isLocalhostName, OutboundHttpError, parseOutboundUrl } from "./outbound-url.ts";

// The one HTTP client for calls to an address a tenant controls (channel webhooks; later email and
// phone providers a company points us at). A tenant must not turn the server into a proxy into its
// own network, so each call: resolves the host once and refuses it if ANY address it resolved to is
// not public (address-policy.ts); connects only to the address it checked (a lookup pinned to it, so
// a second DNS answer cannot rebind the name between the check and the connection); follows no
// redirect; and is bounded in connect time, total time and response size.

export type ResolvedAddress = { address: string; family: number };
/** Every address a host name resolves to (dns.lookup with `all`, as the socket itself would). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

// The operating system's resolver (getaddrinfo, as a socket would use), read through the `dns` object
// at each call so a test can stand a name up with vi.spyOn.
const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export type OutboundLimits = {
  /** The TCP connection (and the name's resolution) must be made within this. */
  connectTimeoutMs: number;
  /** The whole call, from resolving the name to the last byte of the answer. */
  timeoutMs: number;
  /** Answers longer than this are cut off: the call fails. */
  maxResponseBytes: number;
};

export const OUTBOUND_LIMITS: OutboundLimits = {
  connectTimeoutMs: 5_000,
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
};

export type OutboundRequest = {
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Aborts the call (a job being stopped). */
  signal?: AbortSignal;
} & Partial<OutboundLimits>;

export type OutboundResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export type OutboundHttp = {
  /**
   * For a URL about to be saved: why it may never be called (an `invalid_url` or `blocked_address`
   * error), or null. A name that does not resolve now passes: it may by the time it is called, and
   * every call checks again.
   */
  checkUrl(url: string): Promise<OutboundHttpError | null>;
  /** Makes the call; rejects with OutboundHttpError (its `reason` says what happened). A 3xx is an error. */
  send(request: OutboundRequest): Promise<OutboundResponse>;
};

export type OutboundHttpOptions = {
  /** ALLOW_PRIVATE_WEBHOOKS: private-network addresses may be called (never metadata or multicast). */
  allowPrivate: boolean;
  /** Replaces the system resolver (tests). */
  resolve?: Resolve;
  limits?: Partial<OutboundLimits>;
};

const sizeText = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutboundHttpError("timeout", message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A lookup that answers only the address already checked, in either shape net asks for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

const sameAddress = (a: string | undefined, b: string) => {
  const left = a ? parseIpLiteral(a) : null;
  const right = parseIpLiteral(b);
  return !!left && !!right && Buffer.from(left.bytes).equals(Buffer.from(right.bytes));
};

export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const resolve = options.resolve ?? systemResolve;
  const defaults = { ...OUTBOUND_LIMITS, ...options.limits };

  const refused = (address: string) => refusedAddress(address, options.allowPrivate);

  /** The one address the call will connect to, checked; throws when the host may not be called. */
  async function target(url: URL, connectTimeoutMs: number): Promise<ResolvedAddress> {
    const host = hostOf(url);
    const literal = parseIpLiteral(host);
    if (literal) {
      const found = refused(host);
      if (found)
        throw new OutboundHttpError("blocked_address", `${found.address} is not a public address (${found.label})`);
      return { address: host, family: literal.family };
    }
    if (isLocalhostName(host) && !options.allowPrivate)
      throw new OutboundHttpError("blocked_address", `${host} is not a public address (loopback)`);
    let addresses: ResolvedAddress[];
    try {
      addresses = await withTimeout(resolve(host), connectTimeoutMs, `${host} did not resolve in time`);
    } catch (error) {
      if (error instanceof OutboundHttpError) throw error;
      throw new OutboundHttpError("unresolved", `${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundHttpError("unresolved", `${host} could not be resolved`);
    // Any refused address refuses the name: the resolver may hand the socket a different one next time.
    for (const { address } of addresses) {
      const found = refused(address);
      if (found)
        throw new OutboundHttpError(
          "blocked_address",
          `${host} resolves to ${found.address}, which is not a public address (${found.label})`,
        );
    }
    return addresses[0]!;
  }

  async function checkUrl(text: string): Promise<OutboundHttpError | null> {
    try {
      await target(parseOutboundUrl(text), defaults.connectTimeoutMs);
      return null;
    } catch (error) {
      if (!(error instanceof OutboundHttpError)) throw error;
      return error.reason === "invalid_url" || error.reason === "blocked_address" ? error : null;
    }
  }

  async function send(request: OutboundRequest): Promise<OutboundResponse> {
    const limits = { ...defaults, ...request };
    const url = parseOutboundUrl(request.url);
    const started = Date.now();
    const pinned = await withTimeout(target(url, limits.connectTimeoutMs), limits.timeoutMs, "The call timed out");
    const body = request.body ?? "";
    const client = url.protocol === "https:" ? https : http;

    return new Promise<OutboundResponse>((resolvePromise, reject) => {
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        request.signal?.removeEventListener("abort", onAbort);
        outcome();
      };
      const fail = (error: OutboundHttpError) => {
        finish(() => reject(error));
        req.destroy();
      };
      const onAbort = () => fail(new OutboundHttpError("aborted", "The call was cancelled"));

      // Host header and TLS server name come from the URL; only the socket's address is pinned.
      const req = client.request(url, {
        method: request.method ?? "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(pinned),
      });

      timers.push(
        setTimeout(
          () => fail(new OutboundHttpError("timeout", `No answer within ${limits.timeoutMs} ms`)),
          Math.max(0, limits.timeoutMs - (Date.now() - started)),
        ),
      );
      const connectTimer = setTimeout(
        () => fail(new OutboundHttpError("timeout", `No connection within ${limits.connectTimeoutMs} ms`)),
        limits.connectTimeoutMs,
      );
      timers.push(connectTimer);
      req.once("socket", (socket: Socket) => {
        socket.once("connect", () => {
          clearTimeout(connectTimer);
          // The pinned lookup is the only way to an address; this is the proof it was the one checked.
          if (!sameAddress(socket.remoteAddress, pinned.address))
            fail(new OutboundHttpError("blocked_address", "The connection went to an address that was not checked"));
        });
      });

      if (request.signal?.aborted) return onAbort();
      request.signal?.addEventListener("abort", onAbort, { once: true });

      req.on("error", (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        fail(new OutboundHttpError("unreachable", `Could not be reached${code ? ` (${code})` : ""}`));
      });
      req.on("response", (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          return fail(new OutboundHttpError("redirect", `Answered ${status}: redirects are not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxResponseBytes) {
            response.destroy();
            return fail(new OutboundHttpError("too_large", `Answered more than ${sizeText(limits.maxResponseBytes)}`));
          }
          chunks.push(chunk);
        });
        response.on("error", () => fail(new OutboundHttpError("unreachable", "The answer was cut off")));
        response.on("end", () =>
          finish(() => resolvePromise({ status, headers: response.headers, body: Buffer.concat(chunks) })),
        );
      });
      req.end(body);
    });
  }

  return { checkUrl, send };
}

export type { OutboundFailure } from "./outbound-url.ts";
export { OutboundHttpError } from "./outbound-url.ts";
