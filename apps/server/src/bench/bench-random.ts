// Seeded randomness for the benchmarks' generated data: the same seed gives the same rows.

export type Roll = () => number;

/** A small seeded PRNG (mulberry32), numbers in [0, 1). */
export function seededRandom(seed: number): Roll {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Weighted<T> = readonly (readonly [T, number])[];

/** One of the values, each as likely as its weight. */
export function weighted<T>(list: Weighted<T>, roll: number): T {
  const total = list.reduce((sum, [, weight]) => sum + weight, 0);
  let left = roll * total;
  for (const [value, weight] of list) {
    left -= weight;
    if (left < 0) return value;
  }
  return list.at(-1)![0];
}

/** One item of the list, all equally likely. */
export const pick = <T>(list: readonly T[], roll: Roll): T => list[Math.floor(roll() * list.length)]!;
