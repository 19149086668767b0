import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";

/** " 5 minutes ago" after "Resolved by …", with the exact time on hover; nothing when the time is unknown. */
export function ResolvedTime({ resolvedAt }: { resolvedAt: string | null }) {
  const when = exactDateTime(resolvedAt);
  if (!when) return null;
  return (
    <>
      {" "}
      <time dateTime={resolvedAt ?? undefined} title={when}>
        {relativeTime(resolvedAt)}
      </time>
    </>
  );
}
