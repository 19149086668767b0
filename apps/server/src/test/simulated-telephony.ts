import type { FastifyInstance } from "fastify";
import { INSTANT_TIMINGS, type SimulationTimings } from "#server/modules/telephony/simulated-calls.ts";
import { SimulatedProvider } from "#server/modules/telephony/simulated-provider.ts";

// Test support for the built-in simulated phone provider (the default without Twilio credentials).

/** The app's simulated provider (its call simulator, its calls' state); throws when Twilio is configured. */
export function simulatedTelephony(app: FastifyInstance): SimulatedProvider {
  if (!(app.telephony instanceof SimulatedProvider)) throw new Error("the app is not on the simulated provider");
  return app.telephony;
}

/**
 * Calls that do not wait: no ringing, the scripted callee answers at once. A test call's <Gather>
 * still waits (five minutes) for the test's typed words.
 */
export function instantCalls(app: FastifyInstance, timings: Partial<SimulationTimings> = {}): SimulatedProvider {
  const provider = simulatedTelephony(app);
  provider.simulator.timings = { ...INSTANT_TIMINGS, ...timings };
  return provider;
}
