import { describeError, isExplainedElsewhere, isUnauthorized } from "./api-error.ts";
import { toast } from "./toast-store.ts";

/**
 * The sales screens' degradation: a failed call is reported in a toast (unless the screen already
 * explains it, as the two-factor gate does) and replaced by an empty default, so the rest of the
 * screen still renders. A 401 (the session handling signs out) or an
 * aborted call (the query was cancelled, nobody waits for it) is passed on untouched.
 */
export async function orFallback<T>(
  load: () => Promise<T>,
  signal: AbortSignal,
  title: string,
  fallback: T,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isUnauthorized(error) || signal.aborted) throw error;
    if (!isExplainedElsewhere(error)) toast({ title, description: describeError(error), variant: "destructive" });
    return fallback;
  }
}
