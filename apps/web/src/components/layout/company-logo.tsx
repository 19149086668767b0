import type { Company } from "@foreman/contract";
import { cn, initials } from "#web/lib/utils.ts";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "../ui/avatar.tsx";

/** A company's small logo, or its initials on a tinted tile. */
export function CompanyLogo({ company, className }: { company: Company | null; className?: string }) {
  return (
    <Avatar className={cn("size-8 rounded-md", className)}>
      {company?.logoSmallUrl ? <AvatarImage src={company.logoSmallUrl} /> : null}
      <AvatarFallback className="rounded-md bg-primary/12 font-semibold text-primary text-xs dark:bg-primary/20 dark:text-[oklch(0.8_0.1_280)]">
        <AvatarInitials value={company ? initials(company.name) : "–"} />
      </AvatarFallback>
    </Avatar>
  );
}
