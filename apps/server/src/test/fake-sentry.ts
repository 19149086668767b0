import type { EnvelopeItem } from "../../../../scripts/sentry/envelope.mjs";
import { type FakeIngest, type ReceivedEnvelope, startFakeIngest } from "../../../../scripts/sentry/fake-ingest.mjs";

// A Sentry-compatible ingest on 127.0.0.1 at a random port (scripts/sentry/fake-ingest.mjs, which the
// e2e suite runs as a process): it takes POST /api/<project id>/envelope/ (gzip and deflate bodies too),
// keeps each envelope parsed into its header and items, and answers 200 {"id": …} as Sentry does.

export type ReceivedItem = { envelope: ReceivedEnvelope; item: EnvelopeItem };

export type FakeSentry = FakeIngest & {
  /** Every item of one type ("event", "transaction", …) with the envelope it came in, oldest first. */
  itemsOfType(type: string): ReceivedItem[];
};

export async function startFakeSentry(): Promise<FakeSentry> {
  const ingest = await startFakeIngest();
  return {
    ...ingest,
    itemsOfType: (type) =>
      ingest.envelopes.flatMap((envelope) =>
        envelope.items.filter((item) => item.header.type === type).map((item) => ({ envelope, item })),
      ),
  };
}
