import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { TelephonyProvider } from "./telephony-provider.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The phone provider in use: Twilio when configured, else the built-in simulated one (modules/telephony). */
    telephony: TelephonyProvider;
  }
}

// BUILDING (issue 32): the providers are being written; this file is replaced when they land.
export const telephonyPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: "foreman-telephony",
  dependencies: ["foreman-jobs", "foreman-events"],
});
