import { Link, useLocation } from "@tanstack/react-router";
import { cn } from "#web/lib/utils.ts";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { findActiveNavItem, type NavItem } from "./nav-config.ts";

type NavListProps = {
  items: readonly NavItem[];
  /** Icons only, labels as tooltips. */
  collapsed?: boolean;
  /** Called after an entry is chosen (the phone menu closes itself). */
  onNavigate?: () => void;
};

export const navItemClass =
  "flex h-8 w-full min-w-0 items-center gap-2.5 rounded-md px-2 text-sidebar-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:shrink-0";

export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  const location = useLocation();
  const active = findActiveNavItem(items, location.pathname, location.search as Record<string, unknown>);
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const isActive = item === active;
        const Icon = item.icon;
        const link = (
          <Link
            to={item.to}
            search={item.search ?? {}}
            // The router marks links active itself (aria-current); these options make it agree with
            // our exact-path rule, including Settings vs its Billing tab.
            activeOptions={{ exact: true, includeSearch: !isActive }}
            onClick={onNavigate}
            aria-label={collapsed ? item.title : undefined}
            data-active={isActive || undefined}
            className={cn(
              navItemClass,
              "data-active:bg-sidebar-accent data-active:font-medium data-active:text-sidebar-accent-foreground",
              collapsed && "size-8 justify-center p-0",
            )}
          >
            <Icon
              aria-hidden
              className={cn(isActive ? "text-primary dark:text-[oklch(0.78_0.12_280)]" : "opacity-80")}
            />
            {collapsed ? null : <span className="truncate">{item.title}</span>}
          </Link>
        );
        return (
          <li key={`${item.title}-${item.to}`}>
            {collapsed ? (
              <LazyTooltip content={item.title} side="right">
                {link}
              </LazyTooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
