// What the fault scenarios do to the server over HTTP: sign in to the demo workspace, post staff replies
// from several writers at once (remembering which were acknowledged), hold an event stream open, and
// read a conversation's messages back.
import http from "node:http";
import { signIn } from "../bench/sign-in.mjs";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON answer, or an error naming the call and what the server said. */
export async function json(url, init) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Polls until `check` answers something other than undefined, or throws after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The demo manager's API headers: bearer token, client id and their first company. */
export async function signInDemo(baseUrl) {
  const { token, companyId } = await signIn(baseUrl);
  return { authorization: `Bearer ${token}`, "x-client-id": "foreman-web", "x-company-id": companyId };
}

export async function conversationIds(baseUrl, headers, count) {
  const response = await fetch(`${baseUrl}/app/conversations.json?per_page=${count}`, { headers });
  if (!response.ok) throw new Error(`conversations: ${response.status} ${await response.text()}`);
  const ids = (await response.json()).conversations.map((c) => c.id);
  if (ids.length === 0) throw new Error("the demo workspace has no conversations");
  return ids;
}

const replyPath = (conversationId) => `/app/conversations/${conversationId}/messages.json`;

/**
 * `concurrency` writers post staff replies in a loop, round-robin over the conversations, until
 * stopped. Each outcome is kept: acknowledged (201, with the message id), another status, or a
 * network error, with the time it was sent.
 */
export function driveWrites({ baseUrl, headers, conversations, concurrency, label }) {
  const acknowledged = [];
  const outcomes = [];
  let stopped = false;
  let n = 0;
  const writer = async () => {
    while (!stopped) {
      const conversationId = conversations[n % conversations.length];
      const content = `${label} ${++n}`;
      const sentAt = performance.now();
      try {
        const response = await fetch(baseUrl + replyPath(conversationId), {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ content }),
        });
        const body = await response.text();
        outcomes.push({ sentAt, status: response.status });
        if (response.status === 201) acknowledged.push({ id: JSON.parse(body).id, conversationId });
      } catch (error) {
        outcomes.push({ sentAt, error: error.cause?.code ?? error.message });
        // The server is going or gone: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  };
  const running = Array.from({ length: concurrency }, writer);
  return {
    acknowledged,
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/**
 * A staff reply whose body arrives in two halves: the request is in flight (headers read, body
 * pending) until `finish()` sends the rest. `started` resolves once the server has taken the request
 * (its 100 Continue: Node answers it as it hands the request to the app). `answer` resolves with
 * `{ status, body }`.
 */
export function slowReply({ baseUrl, headers, conversationId, content }) {
  const body = Buffer.from(JSON.stringify({ content }));
  const half = Math.floor(body.length / 2);
  const request = http.request(baseUrl + replyPath(conversationId), {
    method: "POST",
    agent: false,
    headers: { ...headers, "content-type": "application/json", "content-length": body.length, expect: "100-continue" },
  });
  const started = new Promise((resolve) => request.once("continue", resolve));
  const answer = new Promise((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, body: text }));
    });
    request.once("error", reject);
  });
  request.flushHeaders();
  void started.then(() => request.write(body.subarray(0, half)));
  return { started, answer, finish: () => request.end(body.subarray(half)) };
}

/** Opens GET /app/events; `ended` resolves with how the stream finished ("ended" or an error). */
export async function openEventStream(baseUrl, headers) {
  const response = await fetch(`${baseUrl}/app/events`, { headers });
  if (response.status !== 200) throw new Error(`event stream: ${response.status}`);
  const reader = response.body.getReader();
  let text = "";
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "ended";
        text += new TextDecoder().decode(value);
      }
    } catch (error) {
      return `error: ${error.cause?.code ?? error.message}`;
    }
  })();
  return { ended, received: () => text };
}

/** Every message id of a conversation, newest first, through the messages endpoint's cursor. */
export async function storedMessageIds(baseUrl, headers, conversationId) {
  const ids = new Set();
  let before = null;
  do {
    const query = new URLSearchParams({ limit: "100", ...(before ? { before } : {}) });
    const response = await fetch(`${baseUrl}${replyPath(conversationId)}?${query}`, { headers });
    if (!response.ok) throw new Error(`messages: ${response.status} ${await response.text()}`);
    const page = await response.json();
    for (const message of page.messages) ids.add(message.id);
    before = page.next_before;
  } while (before);
  return ids;
}

/** The acknowledged writes the server no longer has. */
export async function missingWrites(baseUrl, headers, acknowledged) {
  const stored = new Map();
  const missing = [];
  for (const { id, conversationId } of acknowledged) {
    if (!stored.has(conversationId))
      stored.set(conversationId, await storedMessageIds(baseUrl, headers, conversationId));
    if (!stored.get(conversationId).has(id)) missing.push(id);
  }
  return missing;
}
