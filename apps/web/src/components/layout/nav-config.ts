import {
  Bot,
  ChartColumn,
  CreditCard,
  GraduationCap,
  House,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  ListTodo,
  type LucideIcon,
  MessagesSquare,
  Phone,
  Settings,
  ShoppingCart,
  Sparkles,
} from "lucide-react";

export type NavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Search values that single this entry out among entries sharing a path (Billing = Settings' billing tab). */
  search?: Record<string, string>;
};

/** The six main entries, in the product's order. */
export const mainNav: readonly NavItem[] = [
  { title: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
  { title: "Inbox", to: "/inbox", icon: Inbox },
  { title: "Assistant", to: "/assistant", icon: Sparkles },
  { title: "Orders", to: "/orders", icon: ShoppingCart },
  { title: "Sales reports", to: "/sales_reports", icon: ChartColumn },
  { title: "Training", to: "/training", icon: GraduationCap },
];

/** The shell's other labels. */
export const secondaryNav: readonly NavItem[] = [
  { title: "Home", to: "/", icon: House },
  { title: "AI employees", to: "/ai_employees", icon: Bot },
  { title: "Conversations", to: "/conversations", icon: MessagesSquare },
  { title: "Tasks", to: "/tasks", icon: ListTodo },
  { title: "Action items", to: "/action_items", icon: ListChecks },
  { title: "Calls and phone numbers", to: "/phones", icon: Phone },
  { title: "Settings", to: "/settings", icon: Settings },
  { title: "Billing", to: "/settings", icon: CreditCard, search: { tab: "billing" } },
  { title: "Help centre", to: "/help", icon: LifeBuoy },
];

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/**
 * The one entry to highlight: exact path match (so /orders/42 highlights nothing). Where entries share a
 * path, the one whose search values all match wins, else the one without search values.
 */
export function findActiveNavItem(
  items: readonly NavItem[],
  pathname: string,
  search: Record<string, unknown> = {},
): NavItem | undefined {
  const path = normalizePath(pathname);
  const samePath = items.filter((item) => item.to === path);
  const bySearch = samePath.find(
    (item) => item.search && Object.entries(item.search).every(([key, value]) => String(search[key] ?? "") === value),
  );
  return bySearch ?? samePath.find((item) => !item.search);
}

/** For a page below an entry (`/conversations/42` → Conversations): the entry it belongs to. */
export function findParentNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const path = normalizePath(pathname);
  return items.find((item) => item.to !== "/" && !item.search && path.startsWith(`${item.to}/`));
}
