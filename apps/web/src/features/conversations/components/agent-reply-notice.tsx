import type { PendingReply } from "@foreman/contract";
import { CircleAlert, Timer } from "lucide-react";
import { cn } from "#web/lib/utils.ts";

// Above the reply box, when the AI employee's answer to a customer is late (a retry after an error)
// or will not come (failed for good): one quiet line, so staff know to step in.

/** The notice to show, if any: a reply that failed for good outranks one that is being retried. */
export function replyNotice(pending: readonly PendingReply[]): { kind: "failed" | "delayed"; text: string } | null {
  const failed = pending.find((item) => item.state === "failed");
  if (failed) return { kind: "failed", text: "The AI employee could not answer; answer the customer yourself." };
  const delayed = pending.find((item) => item.lastError);
  if (delayed) return { kind: "delayed", text: `The AI reply to a message is delayed: ${delayed.lastError}` };
  return null;
}

export function AgentReplyNotice({ pending }: { pending: readonly PendingReply[] }) {
  const notice = replyNotice(pending);
  if (!notice) return null;
  const failed = notice.kind === "failed";
  const Icon = failed ? CircleAlert : Timer;
  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-2 border-t px-4 py-2 text-xs sm:px-5",
        failed ? "bg-destructive/8 dark:bg-destructive/12" : "bg-warning/10",
      )}
      data-testid="agent-reply-notice"
      data-kind={notice.kind}
    >
      <Icon
        aria-hidden
        className={cn(
          "mt-px size-3.5 shrink-0",
          failed ? "text-destructive" : "text-[oklch(0.47_0.12_58)] dark:text-[oklch(0.87_0.15_85)]",
        )}
      />
      <p className="min-w-0 break-words">{notice.text}</p>
    </div>
  );
}
