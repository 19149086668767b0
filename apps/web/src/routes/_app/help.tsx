import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/help")({
  head: () => ({ meta: [{ title: "Help centre · Foreman" }] }),
  component: HelpCentrePage,
});

function HelpCentrePage() {
  return (
    <NotBuiltYet
      title="Help centre"
      description="Guides and answers for working with your AI employees. A later part of the product will fill this screen."
    />
  );
}
