import type { GettingStartedStepKey } from "@foreman/contract";

// What each step of the checklist says and where it is done. The links are typed by the router, so a
// renamed screen breaks the build here rather than sending newcomers nowhere.

export type StepLink =
  | { to: "/ai_employees"; search: { hire?: true } }
  | { to: "/ai_employees/$aiEmployeeId"; params: { aiEmployeeId: string } }
  | { to: "/training"; search: { tab?: "knowledge" | "integrations" } }
  | { to: "/action_items" };

export type StepText = { title: string; why: string; action: string };

export const STEP_TEXT: Record<GettingStartedStepKey, StepText> = {
  hire_employee: {
    title: "Hire your first AI employee",
    why: "Pick a department and start from its preset: it answers customers, quotes and follows up.",
    action: "Hire",
  },
  add_products: {
    title: "Add your products",
    why: "Import a CSV or add them one by one, so it quotes your real prices.",
    action: "Add products",
  },
  add_knowledge: {
    title: "Add what it should know",
    why: "Upload a document (policies, FAQs, price sheets) and it answers from it.",
    action: "Upload a document",
  },
  try_playground: {
    title: "Try it",
    why: "Chat with your AI employee as a customer would, in the playground.",
    action: "Try it",
  },
  connect_channel: {
    title: "Put it where your customers are",
    why: "Add the chat to your website, or connect WhatsApp, email or the API.",
    action: "Connect a channel",
  },
  answer_action_item: {
    title: "Answer your first action item",
    why: "When your AI employee needs a person, it asks here: answer and it carries on.",
    action: "Open action items",
  },
};

/** Where a step is done; "Try it" opens the first AI employee's profile once there is one. */
export function stepLink(key: GettingStartedStepKey, firstAiEmployeeId: string | null): StepLink {
  switch (key) {
    case "hire_employee":
      return { to: "/ai_employees", search: { hire: true } };
    case "add_products":
      return { to: "/training", search: {} };
    case "add_knowledge":
      return { to: "/training", search: { tab: "knowledge" } };
    case "try_playground":
      return firstAiEmployeeId
        ? { to: "/ai_employees/$aiEmployeeId", params: { aiEmployeeId: firstAiEmployeeId } }
        : { to: "/ai_employees", search: {} };
    case "connect_channel":
      return { to: "/training", search: { tab: "integrations" } };
    case "answer_action_item":
      return { to: "/action_items" };
  }
}
