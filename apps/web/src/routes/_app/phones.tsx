import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/phones")({
  head: () => ({ meta: [{ title: "Phone numbers · Foreman" }] }),
  component: PhoneNumbersPage,
});

function PhoneNumbersPage() {
  return (
    <NotBuiltYet
      title="Phone numbers"
      description="Your company's phone numbers ($3.00 per month each) and calls with your AI employees. A later part of the product will fill this screen."
    />
  );
}
