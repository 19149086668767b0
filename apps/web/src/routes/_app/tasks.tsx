import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/tasks")({
  head: () => ({ meta: [{ title: "Tasks · Foreman" }] }),
  component: TasksPage,
});

function TasksPage() {
  return (
    <NotBuiltYet
      title="Tasks"
      description="Tasks for you and your team, with their titles and due dates. The conversations and action items work will fill this screen."
      issue={4}
    />
  );
}
