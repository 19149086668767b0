import type { Company } from "@foreman/contract";
import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { CompanySwitcher } from "./company-switcher.tsx";
import { mainNav, secondaryNav } from "./nav-config.ts";
import { NavList, navItemClass } from "./nav-list.tsx";
import { useSidebar } from "./sidebar-context.tsx";

type AppSidebarProps = {
  company: Company | null;
  managedCompanies: readonly Company[];
  onSwitchCompany: (company: Company) => void;
  onSignOut: () => void;
};

/** The collapsible second sidebar: company, navigation, theme and sign out. */
export function AppSidebar({ company, managedCompanies, onSwitchCompany, onSignOut }: AppSidebarProps) {
  const { state } = useSidebar();
  const collapsed = state === "collapsed";
  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      data-state={state}
      className="sticky top-0 hidden h-svh shrink-0 flex-col overflow-hidden border-sidebar-border border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out md:flex"
      style={{ width: collapsed ? "var(--sidebar-width-icon)" : "var(--sidebar-width)" }}
    >
      <div
        className={cn(
          "flex h-14 shrink-0 items-center border-sidebar-border border-b px-2",
          collapsed && "justify-center",
        )}
      >
        <CompanySwitcher
          company={company}
          managedCompanies={managedCompanies}
          onSwitchCompany={onSwitchCompany}
          collapsed={collapsed}
        />
      </div>
      <nav
        aria-label="Main"
        className={cn(
          "flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto overflow-x-hidden p-2 pt-4",
          collapsed && "items-center gap-3",
        )}
      >
        <NavGroup label="Workspace" collapsed={collapsed}>
          <NavList items={mainNav} collapsed={collapsed} />
        </NavGroup>
        {collapsed ? <div aria-hidden className="h-px w-6 shrink-0 bg-sidebar-border" /> : null}
        <NavGroup label="More" collapsed={collapsed}>
          <NavList items={secondaryNav} collapsed={collapsed} />
        </NavGroup>
      </nav>
      <div
        className={cn("flex shrink-0 flex-col gap-0.5 border-sidebar-border border-t p-2", collapsed && "items-center")}
      >
        {collapsed ? (
          <>
            <ThemeToggle
              tooltip="Theme"
              side="right"
              align="end"
              className="text-sidebar-foreground hover:bg-sidebar-accent"
            />
            <LazyTooltip content="Sign out" side="right">
              <button
                type="button"
                onClick={onSignOut}
                aria-label="Sign out"
                className={cn(navItemClass, "size-8 justify-center p-0")}
              >
                <LogOut aria-hidden />
              </button>
            </LazyTooltip>
          </>
        ) : (
          <>
            <ThemeToggle
              showLabel
              side="top"
              align="start"
              className={cn(navItemClass, "h-8 gap-2.5 font-normal text-sm")}
            />
            <button type="button" onClick={onSignOut} className={navItemClass}>
              <LogOut aria-hidden className="opacity-80" />
              <span className="truncate">Sign out</span>
            </button>
          </>
        )}
      </div>
    </aside>
  );
}

function NavGroup({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactNode }) {
  return (
    <section aria-label={label} className="w-full">
      {collapsed ? null : <h2 className="mb-1 px-2 font-medium text-sidebar-muted-foreground text-xs">{label}</h2>}
      {children}
    </section>
  );
}
