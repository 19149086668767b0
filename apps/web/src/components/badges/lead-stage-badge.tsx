import { LEAD_STAGE_BADGES, type LeadStage } from "@foreman/contract";
import { cn } from "#web/lib/utils.ts";
import { Badge, type BadgeProps } from "../ui/badge.tsx";

// A lead's stage as the inbox badge (new lead, qualified lead, quote sent, following up, won,
// lost), coloured cold → warm → closed.

export const STAGE_VARIANTS: Record<LeadStage, BadgeProps["variant"]> = {
  new: "info",
  qualified: "secondary",
  quoted: "warning",
  following_up: "outline",
  won: "success",
  lost: "destructive",
};

export function leadStageLabel(stage: LeadStage): string {
  const badge = LEAD_STAGE_BADGES[stage];
  return badge.charAt(0).toUpperCase() + badge.slice(1);
}

export function LeadStageBadge({ stage, className }: { stage: LeadStage; className?: string }) {
  return (
    <Badge variant={STAGE_VARIANTS[stage]} className={cn(className)} data-testid="stage-badge">
      {leadStageLabel(stage)}
    </Badge>
  );
}
