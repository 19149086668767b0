import type { KnowledgeEntry } from "@foreman/contract";
import { Badge } from "#web/components/ui/badge.tsx";
import { STATUS_LABELS } from "./knowledge-format.ts";

const VARIANTS = { queued: "muted", extracting: "info", indexed: "success", failed: "destructive" } as const;

/** The entry's processing: a badge, a progress bar while extracting, and the reason when it failed. */
export function KnowledgeStatus({ entry }: { entry: Pick<KnowledgeEntry, "title" | "status" | "progress" | "error"> }) {
  const progress = Math.min(100, Math.max(0, entry.progress));
  return (
    <div className="grid min-w-32 gap-1.5" data-testid="knowledge-status">
      <Badge variant={VARIANTS[entry.status]}>{STATUS_LABELS[entry.status]}</Badge>
      {entry.status === "extracting" ? (
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`Processing ${entry.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="text-muted-foreground text-xs tabular-nums">{progress}%</span>
        </div>
      ) : null}
      {entry.status === "failed" && entry.error ? (
        <p className="max-w-64 text-destructive text-xs">{entry.error}</p>
      ) : null}
    </div>
  );
}
