import type { Company, Department } from "@foreman/contract";
import { Link, useLocation } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { layoutConfig } from "#web/lib/config.ts";
import { AppSidebar } from "./app-sidebar.tsx";
import { BrandMark, PRODUCT_NAME } from "./brand.tsx";
import { CompanyLogo } from "./company-logo.tsx";
import { DepartmentRail } from "./department-rail.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { findActiveNavItem, findParentNavItem, mainNav, secondaryNav } from "./nav-config.ts";
import { SidebarProvider } from "./sidebar-context.tsx";
import { SidebarTrigger } from "./sidebar-trigger.tsx";
import { useIsMobile } from "./use-mobile.ts";
import type { ShellUser } from "./user-menu.tsx";

export type AppShellProps = {
  user: ShellUser;
  company: Company | null;
  managedCompanies: Company[];
  departments: Department[];
  onSwitchCompany: (company: Company) => void;
  onSignOut: () => void;
  children: ReactNode;
};

const shellStyle = {
  "--sidebar-width": layoutConfig.sidebarWidth,
  "--sidebar-width-icon": layoutConfig.sidebarWidthCollapsed,
} as CSSProperties;

/** The signed-in frame: department rail, collapsible sidebar (or the phone menu), header and main area. */
export function AppShell({
  user,
  company,
  managedCompanies,
  departments,
  onSwitchCompany,
  onSignOut,
  children,
}: AppShellProps) {
  const isMobile = useIsMobile();
  return (
    <SidebarProvider>
      <div className="flex min-h-svh w-full bg-background" style={shellStyle}>
        <SkipLink />
        {/* On a phone both give way to the slide-in menu: not drawn at all there, rather than hidden
            (150 elements a mid-range phone built, styled and laid out for nothing on every load). */}
        {isMobile ? null : (
          <>
            <DepartmentRail departments={departments} user={user} onSignOut={onSignOut} />
            <AppSidebar
              company={company}
              managedCompanies={managedCompanies}
              onSwitchCompany={onSwitchCompany}
              onSignOut={onSignOut}
            />
          </>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-6">
            <SidebarTrigger />
            <div aria-hidden className="h-5 w-px shrink-0 bg-border" />
            <Link
              to="/"
              aria-label={`${PRODUCT_NAME} home`}
              className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
            >
              <BrandMark className="size-7" />
            </Link>
            <HeaderTrail company={company} />
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            {children}
          </main>
        </div>
        <MobileNav
          company={company}
          managedCompanies={managedCompanies}
          departments={departments}
          onSwitchCompany={onSwitchCompany}
          onSignOut={onSignOut}
        />
      </div>
    </SidebarProvider>
  );
}

/** Where you are: the current company and, on wide screens, the navigation entry you are on. */
function HeaderTrail({ company }: { company: Company | null }) {
  const location = useLocation();
  const items = [...mainNav, ...secondaryNav];
  const page = findActiveNavItem(items, location.pathname, location.search as Record<string, unknown>);
  // A page below an entry (one conversation, one order) names its section, linked back to the list.
  const parent = page ? undefined : findParentNavItem(items, location.pathname);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5">
        <li className="flex min-w-0 items-center gap-2">
          <CompanyLogo company={company} className="hidden size-6 rounded-[5px] text-[0.625rem] md:flex" />
          <span className="truncate font-medium" title={company?.name}>
            {company?.name ?? "No company selected"}
          </span>
        </li>
        {page && page.to !== "/" ? (
          <li className="hidden min-w-0 items-center gap-1.5 text-muted-foreground md:flex">
            <ChevronRight aria-hidden className="size-4 shrink-0 opacity-60" />
            <span aria-current="page" className="truncate">
              {page.title}
            </span>
          </li>
        ) : null}
        {parent ? (
          <li className="hidden min-w-0 items-center gap-1.5 text-muted-foreground md:flex">
            <ChevronRight aria-hidden className="size-4 shrink-0 opacity-60" />
            <Link
              to={parent.to}
              className="truncate rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {parent.title}
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:font-medium focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring"
    >
      Skip to content
    </a>
  );
}
