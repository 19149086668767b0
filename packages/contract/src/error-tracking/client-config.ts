import { z } from "zod";

/** Where the browser reads its configuration: public, cached briefly. */
export const CLIENT_CONFIG_PATH = "/client_config.json";

const sampleRate = z.number().min(0).max(1);

/** The browser's error tracking: where it sends, under which environment, and how much it samples. */
export const browserErrorTrackingSchema = z.object({
  dsn: z.string(),
  environment: z.string(),
  tracesSampleRate: sampleRate,
  replaysSessionSampleRate: sampleRate,
  replaysOnErrorSampleRate: sampleRate,
});
export type BrowserErrorTracking = z.infer<typeof browserErrorTrackingSchema>;

/**
 * GET /client_config.json: the product version (error tracking's release) and the browser's error
 * tracking, null when the server has no browser DSN (then the browser loads and sends nothing).
 */
export const clientConfigSchema = z.object({
  release: z.string(),
  sentry: browserErrorTrackingSchema.nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
