// The live stream's clients for the conversations-at-scale benchmark, in a worker thread of their own so
// that reading 200 streams does not share the server's event loop: opens one `GET /app/events` per
// signed-in user (each from its own client address, as behind a proxy), then posts staff messages one
// at a time through the API and times, for every stream, the post → the stream's `message.created`.
// Posting and receiving are timed on this thread's clock. Answers { latencies, missed, postMs }.
import { parentPort, workerData } from "node:worker_threads";

const { base, headerNames, streams, poster, posts, gapMs, waitMs } = workerData;

/** When each stream saw each message id (performance.now()). */
const seen = new Map();
const controllers = [];

function headersFor(token, companyId, address) {
  const headers = {
    authorization: `Bearer ${token}`,
    [headerNames.clientId]: headerNames.webClientId,
    [headerNames.companyId]: companyId,
  };
  if (address) headers["x-forwarded-for"] = address;
  return headers;
}

async function openStream({ token, companyId, address }) {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${base}/app/events`, {
    headers: headersFor(token, companyId, address),
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`stream refused: HTTP ${response.status} ${await response.text()}`);
  void (async () => {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const arrived = performance.now();
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!frame.startsWith("event: message.created")) continue;
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          const id = data ? JSON.parse(data.slice(6)).message?.id : undefined;
          if (!id) continue;
          const list = seen.get(id) ?? [];
          list.push(arrived);
          seen.set(id, list);
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  // Twenty at a time: a burst of 200 connects is not what is measured.
  for (let index = 0; index < streams.length; index += 20)
    await Promise.all(streams.slice(index, index + 20).map(openStream));
  await sleep(500);
  const latencies = [];
  const postMs = [];
  let missed = 0;
  for (let index = 0; index < posts; index++) {
    const conversationId = poster.conversationIds[index % poster.conversationIds.length];
    const started = performance.now();
    const response = await fetch(`${base}/app/conversations/${conversationId}/messages.json`, {
      method: "POST",
      headers: { ...headersFor(poster.token, poster.companyId), "content-type": "application/json" },
      body: JSON.stringify({ content: `Live stream bench message ${index + 1}: the delivery leaves on Friday.` }),
    });
    const body = await response.json();
    postMs.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`post refused: HTTP ${response.status} ${JSON.stringify(body)}`);
    const deadline = performance.now() + waitMs;
    while ((seen.get(body.id)?.length ?? 0) < streams.length && performance.now() < deadline) await sleep(5);
    const arrivals = seen.get(body.id) ?? [];
    for (const at of arrivals) latencies.push(Math.round((at - started) * 100) / 100);
    missed += streams.length - arrivals.length;
    await sleep(gapMs);
  }
  parentPort.postMessage({ latencies, missed, postMs });
} catch (error) {
  parentPort.postMessage({ error: String(error?.stack ?? error) });
} finally {
  for (const controller of controllers) controller.abort();
}
