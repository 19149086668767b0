// Types for fake-ingest.mjs, which the server's TypeScript tests import.
import type { Envelope } from "./envelope.mjs";

export type ReceivedEnvelope = Envelope & {
  projectId: string;
  receivedAt: string;
  contentEncoding: string | null;
  auth: string | null;
};

export type FakeIngest = {
  port: number;
  origin: string;
  /** What arrived, oldest first. */
  envelopes: ReceivedEnvelope[];
  /** Every request made to the fake, envelopes or not. */
  requests: { method: string | undefined; path: string }[];
  /** A DSN that sends project `projectId`'s events here. */
  dsn(projectId?: number): string;
  close(): Promise<void>;
};

export function startFakeIngest(options?: {
  port?: number;
  host?: string;
  log?: (line: string) => void;
}): Promise<FakeIngest>;
