// A small deterministic random source (mulberry32): the same seed gives the same bad requests, so a
// failure reproduces with `BAD_INPUT_SEED=<seed>`.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `length` characters drawn from `alphabet` (by code point, so emoji stay whole). */
  text(length: number, alphabet: string): string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(items.length)]!;
    },
    chance: (probability) => next() < probability,
    text: (length, alphabet) => {
      const symbols = [...alphabet];
      return Array.from({ length }, () => symbols[int(symbols.length)]).join("");
    },
  };
}

/** One seed per operation (FNV-1a of its name mixed into the run's seed): adding an endpoint leaves the others' requests alone. */
export function seedFor(runSeed: number, name: string): number {
  let hash = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
