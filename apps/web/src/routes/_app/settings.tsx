import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/settings")({
  head: () => ({ meta: [{ title: "Settings · Foreman" }] }),
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <NotBuiltYet
      title="Settings"
      description="General, notifications, privacy, integrations, billing and profile settings, and your WhatsApp templates. A later part of the product will fill this screen."
    />
  );
}
