import type { Company, Department } from "@foreman/contract";
import { departmentPath } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { layoutConfig } from "#web/lib/config.ts";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { LazySheet, LazySheetContent, LazySheetDescription, LazySheetTitle } from "../ui/lazy-sheet.tsx";
import { BrandLogo, PRODUCT_NAME } from "./brand.tsx";
import { CompanySwitcher } from "./company-switcher.tsx";
import { DepartmentAvatar } from "./department-avatar.tsx";
import { mainNav, secondaryNav } from "./nav-config.ts";
import { NavList, navItemClass } from "./nav-list.tsx";
import { useSidebar } from "./sidebar-context.tsx";

export type MobileNavProps = {
  company: Company | null;
  managedCompanies: readonly Company[];
  departments: readonly Department[];
  onSwitchCompany: (company: Company) => void;
  onSignOut: () => void;
};

/** Below 768 px both sidebars give way to this slide-in panel (loaded on first open: mobile-nav.tsx). */
export default function MobileNavSheet({
  company,
  managedCompanies,
  departments,
  onSwitchCompany,
  onSignOut,
}: MobileNavProps) {
  const { openMobile, setOpenMobile } = useSidebar();
  const close = () => setOpenMobile(false);
  return (
    <LazySheet open={openMobile} onOpenChange={setOpenMobile}>
      <LazySheetContent
        side="left"
        className="gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-none"
        style={{ width: layoutConfig.sidebarWidthMobile }}
      >
        <LazySheetTitle className="sr-only">Menu</LazySheetTitle>
        <LazySheetDescription className="sr-only">Navigation, company and account</LazySheetDescription>
        <div className="flex h-14 shrink-0 items-center border-sidebar-border border-b px-4">
          <Link
            to="/"
            onClick={close}
            aria-label={`${PRODUCT_NAME} home`}
            activeOptions={{ exact: true }}
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <BrandLogo markClassName="size-7" />
          </Link>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-2 pt-3">
          <CompanySwitcher
            company={company}
            managedCompanies={managedCompanies}
            onSwitchCompany={(next) => {
              close();
              onSwitchCompany(next);
            }}
          />
          <nav aria-label="Departments">
            <h2 className="mb-1 px-2 font-medium text-sidebar-muted-foreground text-xs">AI departments</h2>
            <ul className="flex flex-col gap-0.5">
              {departments.map((department) => (
                <li key={department.id}>
                  <Link
                    to={departmentPath(department.name)}
                    onClick={close}
                    activeOptions={{ exact: true, includeSearch: false }}
                    className={`${navItemClass} h-10 data-[status=active]:bg-sidebar-accent`}
                  >
                    <DepartmentAvatar department={department} className="size-7" ringClassName="ring-sidebar" />
                    <span className="truncate">AI {department.name}</span>
                    <span className="ml-auto text-sidebar-muted-foreground text-xs">
                      {department.isActive ? "Active" : "Inactive"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Main" className="flex flex-col gap-5">
            <section aria-label="Workspace">
              <h2 className="mb-1 px-2 font-medium text-sidebar-muted-foreground text-xs">Workspace</h2>
              <NavList items={mainNav} onNavigate={close} />
            </section>
            <section aria-label="More">
              <h2 className="mb-1 px-2 font-medium text-sidebar-muted-foreground text-xs">More</h2>
              <NavList items={secondaryNav} onNavigate={close} />
            </section>
          </nav>
        </div>
        <div className="flex shrink-0 flex-col gap-0.5 border-sidebar-border border-t p-2">
          <ThemeToggle showLabel className={`${navItemClass} h-8 gap-2.5 font-normal text-sm`} />
          <button
            type="button"
            className={navItemClass}
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <LogOut aria-hidden className="opacity-80" />
            <span>Sign out</span>
          </button>
        </div>
      </LazySheetContent>
    </LazySheet>
  );
}
