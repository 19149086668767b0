import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/collections")({
  head: () => ({ meta: [{ title: "AI collections · Foreman" }] }),
  component: AiCollectionsPage,
});

function AiCollectionsPage() {
  return (
    <NotBuiltYet
      title="AI collections"
      description="Your collections department: its AI employees and the payments they follow up. The department screens, a later part of the product, will fill this screen."
    />
  );
}
