import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/ai_employees/")({
  head: () => ({ meta: [{ title: "AI employees · Foreman" }] }),
  component: AiEmployeesPage,
});

function AiEmployeesPage() {
  return (
    <NotBuiltYet
      title="AI employees"
      description="Your AI employees with their department, status and performance, and the import, export and hire actions. A later part of the product, with the department screens, will fill this screen."
    />
  );
}
