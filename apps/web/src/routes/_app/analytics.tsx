import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/analytics")({
  head: () => ({ meta: [{ title: "AI analytics · Foreman" }] }),
  component: AiAnalyticsPage,
});

function AiAnalyticsPage() {
  return (
    <NotBuiltYet
      title="AI analytics"
      description="Your analytics department: the AI data analyst and its reports. The department screens, a later part of the product, will fill this screen."
    />
  );
}
