// Context help: the article each main screen links to from its header (the web's HelpLink). The server's
// tests check that every slug here is an article and that the titles match, so a renamed article cannot
// leave a screen pointing nowhere.

export type HelpTopic = { slug: string; title: string };

export const CONTEXT_HELP = {
  dashboard: { slug: "dashboard-and-reports", title: "The dashboard, reports and orders" },
  aiEmployees: { slug: "hiring-an-ai-employee", title: "Hiring an AI employee" },
  conversations: { slug: "inbox-and-conversations", title: "The inbox and conversations" },
  actionItems: { slug: "action-items-and-approvals", title: "Action items and approvals" },
  support: { slug: "support-desk", title: "The support desk: tickets" },
  training: { slug: "training-your-ai-employees", title: "Training your AI employees" },
  settings: { slug: "company-settings", title: "Company settings" },
  team: { slug: "roles-and-the-team", title: "Roles, the team and your account" },
  notifications: { slug: "notifications", title: "Notifications" },
  privacy: { slug: "privacy-and-your-data", title: "Privacy and your data" },
  phones: { slug: "phone-numbers-and-calls", title: "Phone numbers, calls and billing" },
  gettingStarted: { slug: "getting-started", title: "Getting started with Foreman" },
} as const satisfies Record<string, HelpTopic>;

export type ContextHelpKey = keyof typeof CONTEXT_HELP;
