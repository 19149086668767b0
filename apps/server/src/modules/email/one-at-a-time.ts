// Work that must not overlap for the same key on this instance (the checks and the write of one
// sender's mails): each waits for the one before it, whatever became of that one.

export type OneAtATime = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // The last in line cleans up, so the map holds only keys with work waiting.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
