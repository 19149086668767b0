import type { Department } from "@foreman/contract";
import { departmentPath } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Settings } from "lucide-react";
import type { ReactElement } from "react";
import { tooltipConfig } from "#web/lib/config.ts";
import { cn } from "#web/lib/utils.ts";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { BrandMark, PRODUCT_NAME } from "./brand.tsx";
import { DepartmentAvatar } from "./department-avatar.tsx";
import { type ShellUser, UserMenu } from "./user-menu.tsx";

type DepartmentRailProps = {
  departments: readonly Department[];
  user: ShellUser;
  onSignOut: () => void;
};

const railItemClass =
  "relative flex size-10 items-center justify-center rounded-xl outline-none transition-colors hover:bg-foreground/6 focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-foreground/8 dark:hover:bg-white/8 dark:data-[status=active]:bg-white/10";

/** The narrow left bar: brand, one icon per AI department, settings and the user menu. */
export function DepartmentRail({ departments, user, onSignOut }: DepartmentRailProps) {
  return (
    <aside
      aria-label="AI departments"
      className="sticky top-0 hidden h-svh w-16 shrink-0 flex-col items-center border-rail-border border-r bg-rail pb-3 text-rail-foreground md:flex"
    >
      {/* Same height as the sidebar and page headers so their bottom borders line up. */}
      <div className="flex h-14 w-full shrink-0 items-center justify-center border-rail-border border-b">
        <RailTooltip label={PRODUCT_NAME}>
          <Link
            to="/"
            aria-label={`${PRODUCT_NAME} home`}
            activeOptions={{ exact: true }}
            className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-rail"
          >
            <BrandMark className="size-9 rounded-[10px]" />
          </Link>
        </RailTooltip>
      </div>
      <nav
        aria-label="Departments"
        className="flex min-h-0 w-full flex-1 flex-col items-center gap-1.5 overflow-y-auto pt-3"
      >
        {departments.map((department) => (
          <RailTooltip key={department.id} label={`AI ${department.name}`}>
            <Link
              to={departmentPath(department.name)}
              aria-label={`AI ${department.name}`}
              activeOptions={{ exact: true, includeSearch: false }}
              className={railItemClass}
            >
              <DepartmentAvatar department={department} />
            </Link>
          </RailTooltip>
        ))}
      </nav>
      <div className="mt-3 flex flex-col items-center gap-2">
        <RailTooltip label="Settings">
          <Link
            to="/settings"
            aria-label="Settings"
            activeOptions={{ exact: true, includeSearch: false }}
            className={cn(railItemClass, "text-rail-foreground [&>svg]:size-[18px]")}
          >
            <Settings aria-hidden />
          </Link>
        </RailTooltip>
        <UserMenu user={user} onSignOut={onSignOut} />
      </div>
    </aside>
  );
}

function RailTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <LazyTooltip content={label} side="right" delayDuration={tooltipConfig.menuDelayMs}>
      {children}
    </LazyTooltip>
  );
}
