import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/sales")({
  head: () => ({ meta: [{ title: "AI sales · Foreman" }] }),
  component: AiSalesPage,
});

function AiSalesPage() {
  return (
    <NotBuiltYet
      title="AI sales"
      description="Your sales department: its AI employees and what they are working on. The department screens, a later part of the product, will fill this screen."
    />
  );
}
