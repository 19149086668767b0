import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/support")({
  head: () => ({ meta: [{ title: "AI support · Foreman" }] }),
  component: AiSupportPage,
});

function AiSupportPage() {
  return (
    <NotBuiltYet
      title="AI support"
      description="Your support department: customer tickets, their status and who is assigned. The department screens, a later part of the product, will fill this screen."
    />
  );
}
