import { type ReactNode, Suspense } from "react";
import { cn } from "#web/lib/utils.ts";
import { Spinner } from "../ui/spinner.tsx";

/**
 * A route's pending view: a spinner and a line of text ("Loading assistant..."). Route files load with
 * the shell, so their pending views stay this small; the pages show their own skeletons.
 */
export function PendingView({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 py-16 text-muted-foreground", className)}>
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

/** What a lazily loaded part (a tab fetched when first shown) draws inside: the pending view until its code arrives. */
export function PendingBoundary({ text = "Loading…", children }: { text?: string; children: ReactNode }) {
  return <Suspense fallback={<PendingView text={text} />}>{children}</Suspense>;
}
