import { describe, expect, it } from "vitest";
import { FILTERED, isSecretName, scrubBreadcrumb, scrubEvent, scrubString } from "./scrub-event.ts";

const BEARER = "kX3-9fQz_Lm2Vb7Rt1Wy8Pq4Hn6Jd0Sa5Ce3Gu9Ki2M"; // 43 characters, as the API issues them
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXBhcnQ";
const TRACE_ID = "e815533e5d3b4ae8ac0f8d5e18e4bcdc";

describe("scrubString", () => {
  it("replaces email addresses, authorization values, JWTs and random tokens", () => {
    expect(scrubString("no user jane.doe+shop@example.co.uk here")).toBe(`no user ${FILTERED} here`);
    expect(scrubString(`Authorization: Bearer ${BEARER}`)).toBe(`Authorization: Bearer ${FILTERED}`);
    expect(scrubString(`token ${JWT} refused`)).toBe(`token ${FILTERED} refused`);
    expect(scrubString(`refresh ${BEARER} reused`)).toBe(`refresh ${FILTERED} reused`);
  });

  it("replaces the values of credential-named query and form parameters, and keeps the others", () => {
    expect(scrubString("https://app.test/reset_password?token=abc123&page=2")).toBe(
      `https://app.test/reset_password?token=${FILTERED}&page=2`,
    );
    expect(scrubString("/oauth/callback?code=xyz&state=ok")).toBe(`/oauth/callback?code=${FILTERED}&state=ok`);
    expect(scrubString("password=hunter2&username=x")).toBe(`password=${FILTERED}&username=x`);
    expect(scrubString("/hook?hub.verify_token=v&hub.challenge=c&q%5Baccess_token%5D=t")).toBe(
      `/hook?hub.verify_token=${FILTERED}&hub.challenge=${FILTERED}&q%5Baccess_token%5D=${FILTERED}`,
    );
    expect(scrubString("/orders.json?status_code=500&q[created_at_gteq]=2026-01-01")).toBe(
      "/orders.json?status_code=500&q[created_at_gteq]=2026-01-01",
    );
  });

  it("replaces credential-named JSON members quoted in a message", () => {
    expect(scrubString('Unexpected body {"email_address":"x","password":"hunter2","new_token":"t"}')).toBe(
      `Unexpected body {"email_address":"x","password":"${FILTERED}","new_token":"${FILTERED}"}`,
    );
  });

  it("drops the values of a failed query (what was being written), keeping the statement", () => {
    const message = 'Failed query: insert into "messages" ("content") values ($1)\nparams: Hello, my card ends 4242';
    expect(scrubString(message)).toBe(
      `Failed query: insert into "messages" ("content") values ($1)\nparams: ${FILTERED}`,
    );
  });

  it("keeps what identifies code and traces: hex ids, hashes, file names, versions", () => {
    const kept = [
      TRACE_ID,
      "a3f1c9e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6",
      "http://localhost:3860/assets/index-Ab3dE5f.js",
      "@sentry/browser@11.12.0",
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "Token expired",
    ];
    for (const text of kept) expect(scrubString(text)).toBe(text);
  });
});

describe("isSecretName", () => {
  it("knows credential names in any case and separator", () => {
    for (const name of [
      "password",
      "Password_Confirmation",
      "accessToken",
      "X-Refresh-Token",
      "set-cookie",
      "Cookie",
      "x-api-key",
      "client_secret",
      "code",
      "otp",
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ["user-agent", "status_code", "x-company-id", "content-type", "footprint", "keyboard"])
      expect(isSecretName(name), name).toBe(false);
  });
});

describe("scrubEvent", () => {
  const serverError = {
    event_id: "6f17e12825e4418aaef0a98546fc57dd",
    release: "0.31.0",
    exception: {
      values: [
        {
          type: "Error",
          value: "no account for jane@example.com",
          stacktrace: {
            frames: [{ filename: "/srv/app.ts", function: "handler", lineno: 3, vars: { password: "p", body: "b" } }],
          },
        },
      ],
    },
    request: {
      method: "POST",
      url: "http://app.test/users/password.json?token=reset-me",
      query_string: "token=reset-me&x=1",
      headers: {
        Authorization: `Bearer ${BEARER}`,
        Cookie: "session=abc",
        "x-mfa-token": "123456",
        "user-agent": "Mozilla/5.0",
        "x-company-id": "42",
      },
      cookies: { session: "abc" },
      data: { password: "hunter2", content: "Hello there" },
      env: { REMOTE_ADDR: "203.0.113.9" },
    },
    user: { id: "u1", email: "jane@example.com", ip_address: "203.0.113.9", username: "jane" },
    contexts: { trace: { trace_id: TRACE_ID, span_id: "aa9d06bcef6483cf", data: { "sentry.sample_rate": 1 } } },
    extra: { message: { body: "Customer says hi", text: "hi", apiKey: "k" }, count: 3 },
    breadcrumbs: [
      {
        category: "console",
        message: "sent to jane@example.com",
        data: { arguments: ["sent to", "jane@example.com", { content: "Hi" }] },
      },
      { category: "fetch", data: { url: "/oauth/token?refresh_token=r1", method: "POST", status_code: 200 } },
    ],
  };

  it("drops bodies, cookies, credential headers, the user's email and address, and local variables", () => {
    const scrubbed = scrubEvent(serverError);
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: `http://app.test/users/password.json?token=${FILTERED}`,
      query_string: `token=${FILTERED}&x=1`,
      headers: { "user-agent": "Mozilla/5.0", "x-company-id": "42" },
    });
    expect(scrubbed.user).toEqual({ id: "u1" });
    expect(scrubbed.exception.values[0]!.value).toBe(`no account for ${FILTERED}`);
    expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).toEqual({
      filename: "/srv/app.ts",
      function: "handler",
      lineno: 3,
    });
    expect(scrubbed.extra).toEqual({ message: { body: FILTERED, text: FILTERED, apiKey: FILTERED }, count: 3 });
    expect(scrubbed.breadcrumbs).toEqual([
      { category: "console", message: `sent to ${FILTERED}`, data: {} },
      { category: "fetch", data: { url: `/oauth/token?refresh_token=${FILTERED}`, method: "POST", status_code: 200 } },
    ]);
  });

  it("keeps what the service needs: ids, release, trace context, sample rate", () => {
    const scrubbed = scrubEvent(serverError);
    expect(scrubbed.event_id).toBe(serverError.event_id);
    expect(scrubbed.release).toBe("0.31.0");
    expect(scrubbed.contexts).toEqual(serverError.contexts);
  });

  it("leaves no secret anywhere in the serialized event", () => {
    const text = JSON.stringify(scrubEvent(serverError));
    for (const secret of [
      BEARER,
      "session=abc",
      "123456",
      "hunter2",
      "Hello there",
      "jane@example.com",
      "203.0.113.9",
      "reset-me",
      "Customer says hi",
      "r1",
    ])
      expect(text, secret).not.toContain(secret);
  });

  it("does not change the event it is given", () => {
    const before = JSON.stringify(serverError);
    scrubEvent(serverError);
    expect(JSON.stringify(serverError)).toBe(before);
  });

  it("drops a user without an id, and reads query pairs", () => {
    const scrubbed = scrubEvent({
      user: { ip_address: "{{auto}}" },
      request: {
        query_string: [
          ["code", "c1"],
          ["page", "2"],
        ],
      },
    });
    expect(scrubbed).toEqual({
      request: {
        query_string: [
          ["code", FILTERED],
          ["page", "2"],
        ],
      },
    });
  });

  it("cleans a replay event's page addresses and a transaction's spans", () => {
    expect(scrubEvent({ type: "replay_event", urls: ["http://app.test/accept_invitation?token=inv1"] })).toEqual({
      type: "replay_event",
      urls: [`http://app.test/accept_invitation?token=${FILTERED}`],
    });
    const transaction = scrubEvent({
      type: "transaction",
      transaction: "GET /files/:id/:accessKey/:fileName",
      spans: [
        {
          description: "GET https://graph.test/v22.0/me?access_token=t0",
          data: { "http.request.header.authorization": "Bearer x" },
        },
      ],
    });
    expect(transaction.transaction).toBe("GET /files/:id/:accessKey/:fileName");
    expect(transaction.spans[0]).toEqual({
      description: `GET https://graph.test/v22.0/me?access_token=${FILTERED}`,
      data: { "http.request.header.authorization": FILTERED },
    });
  });

  it("passes anything that is not an event through", () => {
    expect(scrubEvent(null)).toBeNull();
    expect(scrubBreadcrumb(null)).toBeNull();
  });
});

describe("scrubBreadcrumb", () => {
  it("drops console arguments and cleans URLs", () => {
    expect(
      scrubBreadcrumb({ category: "navigation", data: { from: "/sign_in", to: "/reset_password?token=t1" } }),
    ).toEqual({ category: "navigation", data: { from: "/sign_in", to: `/reset_password?token=${FILTERED}` } });
    expect(
      scrubBreadcrumb({ category: "console", message: "x", data: { arguments: ["secret"], logger: "console" } }),
    ).toEqual({
      category: "console",
      message: "x",
      data: { logger: "console" },
    });
  });
});

describe("stack frames", () => {
  it("keep their code location as it is, and clean their source lines", () => {
    const frame = {
      function: "createPasswordResetTokenForAccountWithEmailAddress",
      filename: "/srv/app/modules/auth/password-reset.service.ts",
      context_line: '  await send("jane@example.com");',
    };
    expect(scrubEvent({ exception: { values: [{ stacktrace: { frames: [frame] } }] } })).toEqual({
      exception: { values: [{ stacktrace: { frames: [{ ...frame, context_line: `  await send("${FILTERED}");` }] } }] },
    });
  });
});
