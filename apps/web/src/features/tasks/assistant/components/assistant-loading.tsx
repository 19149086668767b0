import { PendingView } from "#web/components/feedback/pending-view.tsx";

/** The assistant's pending text. */
export const ASSISTANT_PENDING_TEXT = "Loading assistant...";

export function AssistantLoading({ className }: { className?: string }) {
  return <PendingView text={ASSISTANT_PENDING_TEXT} className={className} />;
}
