import { Badge } from "#web/components/ui/badge.tsx";
import { ageTone, formatDays } from "./age.ts";

/** An unpaid order's age; amber past a month, red past a quarter. */
export function AgeChip({ days }: { days: number }) {
  const tone = ageTone(days);
  return (
    <Badge variant={tone} data-testid="order-age" data-tone={tone} className="tabular-nums">
      {formatDays(days)}
    </Badge>
  );
}
