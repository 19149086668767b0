import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, REPO_ROOT } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      logLevel: "info",
      seedDemo: true,
      dataDir: path.join(REPO_ROOT, "data"),
      webDist: path.join(REPO_ROOT, "apps/web/dist"),
    });
  });

  it("reads the variables and resolves relative paths from the working directory", () => {
    const config = loadConfig(
      {
        PORT: "3111",
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/foreman",
        DATA_DIR: "tmp/db",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      "/srv/foreman",
    );
    expect(config).toMatchObject({
      port: 3111,
      databaseUrl: "postgres://postgres@127.0.0.1:5432/foreman",
      dataDir: "/srv/foreman/tmp/db",
      seedDemo: false,
      logLevel: "warn",
    });
  });

  it("treats blank values as unset and keeps memory:// as is", () => {
    expect(loadConfig({ PORT: " ", DATA_DIR: "memory://" })).toMatchObject({ port: 3000, dataDir: "memory://" });
  });

  it.each([
    [{ PORT: "abc" }, "PORT must be a port number (0-65535)"],
    [{ PORT: "70000" }, "PORT must be a port number (0-65535)"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL must be a postgres:// URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL must be a postgres:// URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO must be true or false"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });

  it("configures Chatwoot only when its URL and platform token are both set", () => {
    expect(loadConfig({}).chatwoot).toBeNull();
    expect(
      loadConfig({ CHATWOOT_URL: "https://chat.example.com/", CHATWOOT_PLATFORM_TOKEN: " secret " }).chatwoot,
    ).toEqual({ url: "https://chat.example.com", platformToken: "secret" });
    expect(() => loadConfig({ CHATWOOT_URL: "https://chat.example.com" })).toThrow(
      "Invalid configuration: CHATWOOT_PLATFORM_TOKEN must be set too",
    );
    expect(() => loadConfig({ CHATWOOT_PLATFORM_TOKEN: "secret" })).toThrow(
      "Invalid configuration: CHATWOOT_URL must be set too",
    );
  });

  it.each([["ftp://chat.example.com"], ["chat.example.com"], ["https://chat.example.com/?x=1"]])(
    "refuses CHATWOOT_URL %s",
    (url) => {
      expect(() => loadConfig({ CHATWOOT_URL: url, CHATWOOT_PLATFORM_TOKEN: "secret" })).toThrow(
        "Invalid configuration: CHATWOOT_URL must be an http(s) URL without a query",
      );
    },
  );

  it("names every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", DATABASE_URL: "y" })).toThrow(/PORT .*; DATABASE_URL /);
  });
});
