import { dropRequiredField } from "./json-schema.ts";
import type { Operation } from "./openapi-operations.ts";
import { type BadInputWorld, baseDraft, noiseProbes, type Probe, probesFor } from "./probes.ts";
import type { RequestDraft } from "./request-draft.ts";
import { createRandom, seedFor } from "./seeded-random.ts";

// The bad requests for one operation: every probe of its catalogue alone, then random combinations of
// two or three probes (with unknown fields and parameters as noise) up to the count asked for.

export type BadRequest = {
  /** Its place in the operation's list: with the seed, enough to make it again. */
  index: number;
  labels: string[];
  draft: RequestDraft;
  /** The field a validation answer must name (single-field probes only). */
  field: string | undefined;
};

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
const clashes = (probe: Probe, chosen: Probe[]) =>
  chosen.some((other) => other.parts.some((part) => probe.parts.some((mine) => overlaps(part, mine))));

/**
 * A write whose probes might all be accepted (an unknown field, a lenient media type) gets one defect
 * more that is only found after the body was read and validated: a path that names no record, or else
 * a missing required body field. The request is still refused, and nothing can be written.
 */
function guard(operation: Operation, world: BadInputWorld, probes: Probe[], draft: RequestDraft): string | null {
  const touched = (part: string) => probes.some((probe) => probe.parts.some((mine) => overlaps(part, mine)));
  const free = operation.pathParams.filter(({ name }) => !touched(`path.${name}`));
  if (free.length > 0) {
    for (const { name } of free) draft.pathParams[name] = world.pathValue(operation, name).missing;
    return `guard: ${free.map(({ name }) => name).join(", ")} naming nothing`;
  }
  if (operation.body && draft.body.kind === "json") {
    const dropped = dropRequiredField(operation.body, draft.body.value, (path) => touched(`body.${path}`));
    if (dropped) return `guard: body.${dropped} missing`;
  }
  // A website chat visitor's write (a message, their name) has nothing else to name wrongly: its
  // visitor's chat is disabled.
  if (operation.widgetSession && !touched("header.authorization")) {
    draft.headers.authorization = `Bearer ${world.tokens.widgetClosed}`;
    return "guard: the visitor's chat is disabled";
  }
  return null;
}

export function badRequestsFor(
  operation: Operation,
  world: BadInputWorld,
  runSeed: number,
  count: number,
): BadRequest[] {
  const random = createRandom(seedFor(runSeed, operation.name));
  const catalogue = probesFor(operation, world, random);
  const sets: Probe[][] = catalogue.map((probe) => [probe]);
  while (sets.length < count) {
    const chosen: Probe[] = [];
    const size = 2 + random.int(2);
    for (let attempt = 0; attempt < 20 && chosen.length < size; attempt++) {
      const probe = random.pick(catalogue);
      if (!clashes(probe, chosen)) chosen.push(probe);
    }
    for (const noise of noiseProbes(operation, random))
      if (random.chance(0.5) && !clashes(noise, chosen)) chosen.push(noise);
    sets.push(chosen);
  }
  return sets.map((probes, index) => {
    const draft = baseDraft(operation, world);
    for (const probe of probes) probe.apply(draft);
    const labels = probes.map((probe) => probe.label);
    if (operation.method !== "GET" && !probes.some((probe) => probe.refused)) {
      labels.push(guard(operation, world, probes, draft) ?? "no guard: relies on the database check");
    }
    const only = probes.length === 1 ? probes[0] : undefined;
    return { index, labels, draft, field: only?.refused ? only.field : undefined };
  });
}
