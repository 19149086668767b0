import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SimulatorTransport } from "./simulated-calls.ts";
import { SimulatedProvider, simulatedAuthToken } from "./simulated-provider.ts";
import { numbersHeld } from "./telephony.repository.ts";
import type { TelephonyProvider } from "./telephony-provider.ts";
import { TwilioProvider } from "./twilio-provider.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The phone provider in use: Twilio when configured, else the built-in simulated one (modules/telephony). */
    telephony: TelephonyProvider;
  }
}

/**
 * The simulated phone network's wire: its webhooks go to this app in-process (`app.inject`), so calls
 * work without a listening server (tests) and without leaving the machine. Only our own webhook
 * addresses (PUBLIC_URL, else the app's address) are reachable.
 */
export function inProcessTransport(app: FastifyInstance): SimulatorTransport {
  const base = (app.config.publicUrl ?? app.config.appUrl).replace(/\/+$/, "");
  return async ({ method, url, params, signature }) => {
    if (!url.startsWith(`${base}/`)) throw new Error(`the simulated phone network reaches only ${base}, not ${url}`);
    const response = await app.inject({
      method,
      url: url.slice(base.length),
      headers: {
        "x-twilio-signature": signature,
        ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(method === "POST" ? { payload: new URLSearchParams(params).toString() } : {}),
    });
    return { status: response.statusCode, body: response.body };
  };
}

/** The phone provider: Twilio with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, else the simulated one. */
export const telephonyPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.telephony;
    if (settings.provider === "twilio") {
      app.decorate("telephony", new TwilioProvider(settings));
      return;
    }
    const provider = new SimulatedProvider({
      authToken: simulatedAuthToken(app.config.encryptionKey),
      numbersInUse: (e164s) => numbersHeld(app.db, e164s),
      transport: inProcessTransport(app),
      log: app.log.child({ module: "telephony" }),
    });
    app.decorate("telephony", provider);
    // Before the database closes: no simulated call sends a webhook into a closing app.
    app.addHook("preClose", async () => provider.simulator.close());
  },
  { name: "foreman-telephony", dependencies: ["foreman-jobs", "foreman-events"] },
);
