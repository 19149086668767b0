import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/ai_employees/$aiEmployeeId")({
  head: () => ({ meta: [{ title: "AI employee · Foreman" }] }),
  component: AiEmployeePage,
});

function AiEmployeePage() {
  return (
    <NotBuiltYet
      title="AI employee"
      description="One AI employee's profile: revenue, quotes, skills and contact information. A later part of the product, with the department screens, will fill this screen."
    />
  );
}
