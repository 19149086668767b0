import { Construction } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";

// Being built in this issue; replaced by the real tab.
export function PrivacySettings() {
  return <EmptyState icon={Construction} title="Not built yet" description="This tab is being built." />;
}
