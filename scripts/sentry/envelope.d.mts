// Types for envelope.mjs, which the server's TypeScript tests import.

export type EnvelopeItem = { header: { type: string; length?: number; [key: string]: unknown }; payload: unknown };
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[]; raw: string };

export function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined): Buffer;
export function parseEnvelope(body: Buffer | string): Envelope;
export function readReplayRecording(bytes: Buffer): { header: Record<string, unknown>; events: unknown[] };
