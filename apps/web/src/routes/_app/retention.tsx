import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/retention")({
  head: () => ({ meta: [{ title: "AI retention · Foreman" }] }),
  component: AiRetentionPage,
});

function AiRetentionPage() {
  return (
    <NotBuiltYet
      title="AI retention"
      description="Your retention department: its AI employees and the customers they keep coming back. The department screens, a later part of the product, will fill this screen."
    />
  );
}
