import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "#web/features/profile/components/profile-page.tsx";

export const Route = createFileRoute("/_app/profile")({
  // No loader: its code would load with the shell. The page's queries start once its chunk arrives,
  // each section with its own skeleton.
  head: () => ({ meta: [{ title: "Profile · Foreman" }] }),
  component: ProfilePage,
});
