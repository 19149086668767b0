import type { PhoneCapabilities } from "@foreman/contract";
import { Image, MessageSquare, Phone } from "lucide-react";
import { cn } from "#web/lib/utils.ts";

const CAPABILITIES = [
  { key: "voice", label: "Voice", icon: Phone },
  { key: "sms", label: "SMS", icon: MessageSquare },
  { key: "mms", label: "MMS", icon: Image },
] as const;

/** What a number can do, each as an icon with its word ("Voice", "SMS"). */
export function Capabilities({ capabilities, className }: { capabilities: PhoneCapabilities; className?: string }) {
  const present = CAPABILITIES.filter((item) => capabilities[item.key]);
  if (present.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className={cn("flex flex-wrap items-center gap-x-3 gap-y-1", className)} aria-label="Capabilities">
      {present.map(({ key, label, icon: Icon }) => (
        <li key={key} className="inline-flex items-center gap-1 text-xs">
          <Icon aria-hidden className="size-3.5 text-muted-foreground" />
          {label}
        </li>
      ))}
    </ul>
  );
}
