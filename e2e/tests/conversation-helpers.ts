import { expect, type Page } from "@playwright/test";

// API calls the conversation specs make with the page's own session and selected company (snake_case
// on the wire), and a seeder for long threads through the staff messages endpoint.

export type WireConversation = {
  id: string;
  display_id: number;
  account_id: number;
  channel: string;
  status: string;
  handled_by: "ai" | "staff";
  customer: { full_name: string; organization: string | null } | null;
  lead: { stage: string; need: string | null } | null;
};
export type WireMessage = { id: string; content: string; sender_type: string; created_at: string };

async function credentials(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  expect(cookie, "the session cookie").toBeTruthy();
  const session = JSON.parse(decodeURIComponent(cookie?.value ?? "")) as { accessToken: string };
  await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedCompany"))).not.toBeNull();
  const company = JSON.parse((await page.evaluate(() => localStorage.getItem("selectedCompany"))) ?? "{}") as {
    id: string;
  };
  return {
    companyId: company.id,
    headers: {
      Authorization: `Bearer ${session.accessToken}`,
      "X-Company-ID": company.id,
      "X-Client-ID": "foreman-web",
    },
  };
}

export async function apiJson<T>(
  page: Page,
  method: "GET" | "POST",
  path: string,
  options: { params?: Record<string, string | number>; body?: unknown } = {},
): Promise<T> {
  const { headers } = await credentials(page);
  const response = await page.request.fetch(path, {
    method,
    params: options.params,
    headers,
    data: options.body,
  });
  expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export function listConversations(page: Page, params: Record<string, string | number> = {}) {
  return apiJson<{ conversations: WireConversation[]; total: number }>(page, "GET", "/app/conversations.json", {
    params: { per_page: 100, ...params },
  });
}

/**
 * Conversations still handled by the AI that no task (action item, assistant thread) concerns (in the
 * demo seed those are mostly resolved ones; a staff message opens them again): the
 * specs reply in these, so they never race the action item and assistant specs, which write into the
 * conversations of their tasks. `pick` says which of them (each test takes its own).
 */
export async function freeConversation(page: Page, pick: number): Promise<WireConversation> {
  const tasks = await apiJson<{ tasks: { conversation: { id: string } | null }[] }>(page, "GET", "/app/tasks", {
    params: { per_page: 100 },
  });
  const busy = new Set(tasks.tasks.map((task) => task.conversation?.id));
  const { conversations } = await listConversations(page);
  const free = conversations.filter((item) => !busy.has(item.id) && item.handled_by === "ai" && item.customer);
  expect(free.length, "free conversations").toBeGreaterThan(pick);
  return free[pick]!;
}

/** A staff message through the API (the same call the reply box makes). */
export function postMessage(page: Page, conversationId: string, content: string) {
  return apiJson<WireMessage>(page, "POST", `/app/conversations/${conversationId}/messages.json`, {
    body: { content },
  });
}

/** The conversation's newest message, as the API orders them. */
export async function newestMessage(page: Page, conversationId: string): Promise<WireMessage> {
  const { messages } = await apiJson<{ messages: WireMessage[] }>(
    page,
    "GET",
    `/app/conversations/${conversationId}/messages.json`,
    { params: { limit: 1 } },
  );
  return messages.at(-1)!;
}

/** Posts `count` numbered staff messages, a few at a time; answers the conversation's newest message. */
export async function seedMessages(page: Page, conversationId: string, count: number, label = "Load test message") {
  const batch = 8;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, index) =>
        postMessage(page, conversationId, `${label} ${start + index + 1} of ${count}`),
      ),
    );
  }
  return newestMessage(page, conversationId);
}
