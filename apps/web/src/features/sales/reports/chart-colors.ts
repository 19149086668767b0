import type { Channel, OrderState } from "@foreman/contract";

// Series colours, as the theme's raw variables (styles.css) so light and dark swap them. Channels get
// the chart palette; order states the semantic colours their badges use (won green, cancelled red…).

export const SALES_COLOR = "var(--chart-1)";
export const LEADS_COLOR = "var(--chart-2)";
export const FUNNEL_COLOR = "var(--chart-1)";
export const FUNNEL_WON_COLOR = "var(--success)";

export const CHANNEL_COLORS: Record<Channel, string> = {
  whatsapp: "var(--chart-2)",
  email: "var(--chart-1)",
  phone: "var(--chart-3)",
  sms: "var(--chart-4)",
  web_chat: "var(--chart-5)",
};

export const ORDER_STATE_COLORS: Record<OrderState, string> = {
  draft: "var(--muted-foreground)",
  started: "var(--muted-foreground)",
  draft_sent: "var(--info)",
  sent: "var(--info)",
  pending: "var(--warning)",
  confirmed: "var(--chart-1)",
  completed: "var(--success)",
  cancelled: "var(--destructive)",
};
