import { createFileRoute } from "@tanstack/react-router";
import { CallDetailPage, CallLoading } from "#web/features/phones/components/call-detail-page.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";

export const Route = createFileRoute("/_app/phones/calls/$callId")({
  // No loader: its code would load with the shell. The page fetches the call (and follows it while it
  // is live) as its chunk arrives, and shows a missing one itself.
  head: () => ({ meta: [{ title: "Call · Foreman" }] }),
  component: CallRoute,
});

function CallRoute() {
  const { callId } = Route.useParams();
  return (
    <CompanyGate fallback={<CallLoading />}>
      <CallDetailPage key={callId} callId={callId} />
    </CompanyGate>
  );
}
