import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { badInputWorld } from "#server/test/bad-input/bad-input-world.ts";
import { type BadRequest, badRequestsFor } from "#server/test/bad-input/bad-requests.ts";
import { type OpenApiDocument, operationsOf } from "#server/test/bad-input/openapi-operations.ts";
import { describeDraft, sentFieldNames, toInject } from "#server/test/bad-input/request-draft.ts";
import { type Answer, problemsWith } from "#server/test/bad-input/response-checks.ts";
import { publicTables, snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";

// Bad input as a test: for every operation in the OpenAPI document the app serves (so a new endpoint is
// covered the day it is documented), hundreds of generated bad requests through the real HTTP layer.
// Each must be answered below 500, without a stack or a path, with our JSON error shape naming the
// field the client sent, and without writing anything. The generator is seeded: a failure names its
// seed, and BAD_INPUT_SEED=<seed> makes the same requests again.

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_260_110);
const REQUESTS_PER_OPERATION = 220;
const ANSWER_TIMEOUT_MS = 10_000;

const { w, world } = await badInputWorld();
const { app, db } = w.t;
afterAll(() => w.t.close());

const documentResponse = await app.inject({ method: "GET", url: "/api/docs/json" });
const operations = operationsOf(documentResponse.json<OpenApiDocument>());

// Failed sign-ins are counted per account and address on purpose (the throttle is security
// bookkeeping, not data): a refused sign-in must write there, and only there.
const tables = (await publicTables(db)).filter((table) => table !== "sign_in_throttles");

// A different client address for each request: the per-address limits (the auth routes' own, the
// sign-in throttle) would otherwise answer 429 before the bad input is read.
let requestCount = 0;
const nextAddress = () => {
  requestCount++;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

async function readAnswer(response: LightMyRequestResponse): Promise<Answer> {
  const contentType = String(response.headers["content-type"] ?? "");
  const stream = response.stream();
  // The live event stream never ends: a request that opened it is done once its headers are in.
  if (contentType.startsWith("text/event-stream")) {
    stream.destroy();
    return { status: response.statusCode, contentType, body: "" };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { status: response.statusCode, contentType, body: Buffer.concat(chunks).toString("utf8") };
}

async function send(request: BadRequest): Promise<Answer | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      app
        .inject(toInject(request.draft, nextAddress()))
        .then(readAnswer)
        .catch((error: Error) => `the request failed: ${error.message}`),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);
const nameOf = (request: BadRequest) => `#${request.index} ${request.labels.join(" + ")}`;

/** A failure as the report shows it: the probes, the request, the answer and what is wrong with it. */
function failureReport(request: BadRequest, answer: Answer | string, problems: string[]): string {
  const got = typeof answer === "string" ? answer : `${answer.status} ${clip(answer.body)}`;
  return `${nameOf(request)}\n      ${describeDraft(request.draft)}\n      → ${got}\n      ✗ ${problems.join("; ")}`;
}

describe("the OpenAPI document the bad requests are made from", () => {
  it("lists every operation of the API", () => {
    expect(operations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        "POST /oauth/token",
        "POST /users.json",
        "GET /app/me.json",
        "POST /app/conversations/{id}/messages.json",
        "POST /internal/assist/{accountId}/thread/{conversationDisplayId}",
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(28);
  });
});

describe.each(operations)("bad input: $name", (operation) => {
  it(`answers at least ${REQUESTS_PER_OPERATION} bad requests with a clear 4xx and writes nothing`, async () => {
    const requests = badRequestsFor(operation, world, SEED, REQUESTS_PER_OPERATION);
    expect(requests.length).toBeGreaterThanOrEqual(REQUESTS_PER_OPERATION);
    const before = await snapshotTables(db, tables);

    const failures: string[] = [];
    const accepted: string[] = [];
    let namedFields = 0;
    for (const request of requests) {
      const answer = await send(request);
      if (typeof answer === "string") {
        failures.push(failureReport(request, answer, [answer]));
        continue;
      }
      if (answer.status < 300 && operation.method !== "GET") accepted.push(nameOf(request));
      if (answer.body.includes('"details":[')) namedFields++;
      const problems = problemsWith(operation, answer, request.field, sentFieldNames(request.draft));
      if (problems.length > 0) failures.push(failureReport(request, answer, problems));
    }

    const reproduce = `seed ${SEED} (BAD_INPUT_SEED=${SEED} sends the same requests)`;
    expect
      .soft(failures.slice(0, 15), `${failures.length} of ${requests.length} answers were wrong, ${reproduce}`)
      .toEqual([]);
    const changes = snapshotChanges(before, await snapshotTables(db, tables));
    expect
      .soft(changes, `refused requests wrote; answered 2xx: ${accepted.join(" | ") || "none"}; ${reproduce}`)
      .toEqual([]);
    // The requests reached validation (they were not all stopped at the door): some answer named a field.
    if (operation.body) expect(namedFields, `no answer named a field, ${reproduce}`).toBeGreaterThan(0);
  });
});
