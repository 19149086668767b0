import { CLIENT_CONFIG_PATH } from "@foreman/contract";
import { render, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type LocalApi, sendJson, startLocalApi } from "#web/test/local-api.ts";

// The page's start of error tracking: errors are kept from the first line, the server's answer comes
// after load, and only a DSN loads the SDK (sentry-client.ts; its real run is e2e/tests/error-tracking).
// Each test takes fresh modules: the start keeps its state in its module, as the page does.

const startSentry = vi.hoisted(() => vi.fn());
vi.mock("./sentry-client.ts", () => ({ startSentry }));

let api: LocalApi;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  api = await startLocalApi();
  // The page asks its own origin; here that origin is the local server.
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) => realFetch(`${api.baseUrl}${path}`, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(() => {
  api.reset();
  startSentry.mockReset();
});

const SENTRY = {
  dsn: "https://key@sentry.example.com/2",
  environment: "test",
  traces_sample_rate: 1,
  replays_session_sample_rate: 0.1,
  replays_on_error_sample_rate: 1,
};

/** The start on fresh modules, and its decision once the page has "loaded". */
async function freshStart() {
  vi.resetModules();
  const tracking = await import("./error-tracking.ts");
  const decided = tracking.startErrorTracking();
  const load = () => {
    window.dispatchEvent(new Event("load"));
    return decided;
  };
  return { tracking, load };
}

function raiseUncaught(error: Error) {
  window.dispatchEvent(new ErrorEvent("error", { error, message: error.message }));
}

function rejectUnhandled(reason: unknown) {
  window.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason }));
}

describe("error tracking's start in the page", () => {
  it("asks the contract's path", async () => {
    const { CONFIG_PATH } = await import("./error-tracking.ts");
    expect(CONFIG_PATH).toBe(CLIENT_CONFIG_PATH);
  });

  it("with a DSN, hands the errors raised before it to the SDK, then every later one", async () => {
    api.routes[`GET ${CLIENT_CONFIG_PATH}`] = (_request, response) =>
      sendJson(response, 200, { release: "0.31.0", sentry: SENTRY });
    const capture = vi.fn();
    startSentry.mockResolvedValue(capture);
    const { tracking, load } = await freshStart();

    const early = new Error("before the SDK");
    raiseUncaught(early);
    rejectUnhandled("a rejected promise");
    expect(api.requests).toEqual([]);

    await load();
    expect(api.requests.map((request) => request.path)).toEqual([CLIENT_CONFIG_PATH]);
    expect(startSentry).toHaveBeenCalledWith({ release: "0.31.0", sentry: SENTRY });
    expect(capture.mock.calls).toEqual([[early], ["a rejected promise"]]);

    const caught = new Error("shown on the error screen");
    tracking.captureError(caught);
    expect(capture).toHaveBeenLastCalledWith(caught);
    // From now on the SDK's own handlers see uncaught errors: ours are gone. (A listener of the test's
    // own keeps Vitest from counting the error as the test's.)
    const seenByPage = vi.fn();
    window.addEventListener("error", seenByPage);
    raiseUncaught(new Error("after"));
    window.removeEventListener("error", seenByPage);
    expect(seenByPage).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledTimes(3);
  });

  it("without a DSN, makes that one request and loads nothing", async () => {
    api.routes[`GET ${CLIENT_CONFIG_PATH}`] = (_request, response) =>
      sendJson(response, 200, { release: "0.31.0", sentry: null });
    const { tracking, load } = await freshStart();
    raiseUncaught(new Error("before"));
    await load();
    tracking.captureError(new Error("after"));
    expect(api.requests.map((request) => request.path)).toEqual([CLIENT_CONFIG_PATH]);
    expect(startSentry).not.toHaveBeenCalled();
  });

  it("starts nothing when the server cannot answer", async () => {
    api.routes[`GET ${CLIENT_CONFIG_PATH}`] = (_request, response) => {
      response.writeHead(502, { "content-type": "text/html" }).end("<html>bad gateway</html>");
    };
    const { load } = await freshStart();
    await load();
    expect(api.requests).toHaveLength(1);
    expect(startSentry).not.toHaveBeenCalled();
  });
});

describe("the error screen", () => {
  it("reports the error it shows, once, however often it is drawn", async () => {
    api.routes[`GET ${CLIENT_CONFIG_PATH}`] = (_request, response) =>
      sendJson(response, 200, { release: "0.31.0", sentry: SENTRY });
    const capture = vi.fn();
    startSentry.mockResolvedValue(capture);
    await (await freshStart()).load();

    const { ErrorScreen } = await import("#web/components/feedback/error-screen.tsx");
    const error = new Error("Departments exploded");
    const { rerender } = render(
      <StrictMode>
        <ErrorScreen error={error} reset={() => {}} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <ErrorScreen error={error} reset={() => {}} />
      </StrictMode>,
    );
    await waitFor(() => expect(capture).toHaveBeenCalledWith(error));
    expect(capture).toHaveBeenCalledTimes(1);
  });
});
