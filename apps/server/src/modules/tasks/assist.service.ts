import type { CompanyRole } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { findChatAccountId } from "../conversations/index.ts";
import { type ResolvedTask, type ResolveTaskDeps, resolveTask } from "./resolve-task.service.ts";
import { findConversationIdByDisplayId } from "./tasks.repository.ts";

export type AssistInput = {
  companyId: string;
  userId: string;
  role: CompanyRole;
  accountId: number;
  conversationDisplayId: number;
  taskId: string;
  input: string;
};

const notFound = (what: string) => httpError(404, "not_found", `${what} not found`);

/**
 * The assist call: the thread is named by the company's chat account and the conversation's display
 * id, and the task must be that conversation's. Staff's input is the answer, for both action types:
 * an authorize item resolved here records no decision (the AI employee reads the reply as it is).
 */
export async function assistTask(deps: ResolveTaskDeps & { db: Db }, input: AssistInput): Promise<ResolvedTask> {
  const accountId = await findChatAccountId(deps.db, input.companyId);
  if (accountId !== input.accountId) throw notFound("Account");
  const conversationId = await findConversationIdByDisplayId(deps.db, input.companyId, input.conversationDisplayId);
  if (!conversationId) throw notFound("Conversation");
  return resolveTask(deps, {
    companyId: input.companyId,
    taskId: input.taskId,
    userId: input.userId,
    role: input.role,
    answer: input.input,
    decision: null,
    check: () => null,
    conversationId,
  });
}
