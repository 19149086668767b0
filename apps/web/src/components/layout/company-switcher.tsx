import type { Company } from "@foreman/contract";
import { Building2, ChevronsUpDown } from "lucide-react";
import type { ReactElement } from "react";
import { cn } from "#web/lib/utils.ts";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuLabel,
  LazyDropdownMenuRadioGroup,
  LazyDropdownMenuRadioItem,
  LazyDropdownMenuTrigger,
} from "../ui/lazy-dropdown-menu.tsx";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { CompanyLogo } from "./company-logo.tsx";

type CompanySwitcherProps = {
  company: Company | null;
  managedCompanies: readonly Company[];
  onSwitchCompany: (company: Company) => void;
  /** Icons-only sidebar: just the logo, name in a tooltip. */
  collapsed?: boolean;
};

/** The company switcher, or a static card when the user manages no other company. */
export function CompanySwitcher({
  company,
  managedCompanies,
  onSwitchCompany,
  collapsed = false,
}: CompanySwitcherProps) {
  const name = company?.name ?? "No company";

  if (managedCompanies.length <= 1) {
    const card = (
      <div
        data-slot="company-card"
        className={cn(
          "flex h-12 min-w-0 items-center gap-2.5 rounded-lg px-2",
          collapsed && "size-8 justify-center p-0",
        )}
      >
        <CompanyLogo company={company} />
        {collapsed ? null : <CompanyText name={name} subtitle="Company" />}
      </div>
    );
    return collapsed ? <WithTooltip label={name}>{card}</WithTooltip> : card;
  }

  // Named by its content plus "Switch company", so the visible company name is part of the button's name
  // (speech input users say what they see); icons-only mode is named "Switch company" alone.
  const trigger = (
    <LazyDropdownMenuTrigger
      className={cn(
        "flex h-12 w-full min-w-0 items-center gap-2.5 rounded-lg px-2 text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent",
        collapsed && "size-8 justify-center p-0",
      )}
    >
      <span className="sr-only">Switch company</span>
      <CompanyLogo company={company} />
      {collapsed ? null : (
        <>
          <CompanyText name={name} subtitle={`${managedCompanies.length} companies`} />
          <ChevronsUpDown className="ml-auto size-4 shrink-0 text-sidebar-muted-foreground" aria-hidden />
        </>
      )}
    </LazyDropdownMenuTrigger>
  );

  return (
    <LazyDropdownMenu>
      {collapsed ? <WithTooltip label={`${name} — switch company`}>{trigger}</WithTooltip> : trigger}
      <LazyDropdownMenuContent
        align="start"
        side={collapsed ? "right" : "bottom"}
        className="w-(--radix-dropdown-menu-trigger-width) min-w-60"
      >
        <LazyDropdownMenuLabel className="flex items-center gap-1.5">
          <Building2 className="size-3.5" aria-hidden />
          Companies
        </LazyDropdownMenuLabel>
        <LazyDropdownMenuRadioGroup
          value={company?.id ?? ""}
          onValueChange={(id) => {
            const next = managedCompanies.find((item) => item.id === id);
            if (next && next.id !== company?.id) onSwitchCompany(next);
          }}
        >
          {managedCompanies.map((item) => (
            <LazyDropdownMenuRadioItem key={item.id} value={item.id} indicator="check" className="gap-2.5 py-2">
              <CompanyLogo company={item} className="size-6 rounded-[5px] text-[0.625rem]" />
              <span className="truncate" title={item.name}>
                {item.name}
              </span>
            </LazyDropdownMenuRadioItem>
          ))}
        </LazyDropdownMenuRadioGroup>
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}

function CompanyText({ name, subtitle }: { name: string; subtitle: string }) {
  return (
    <span className="grid min-w-0 flex-1 leading-tight">
      <span className="truncate font-semibold text-sidebar-accent-foreground" title={name}>
        {name}
      </span>
      <span className="truncate text-sidebar-muted-foreground text-xs">{subtitle}</span>
    </span>
  );
}

function WithTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <LazyTooltip content={label} side="right">
      {children}
    </LazyTooltip>
  );
}
