import type { TracePassage } from "@foreman/contract";

/**
 * Passages from the company's knowledge for a customer's message, for one AI employee. The training
 * centre fills it (issue 13); until then there is no knowledge and every answer comes from the tools.
 */
export interface KnowledgeSource {
  passages(query: { companyId: string; aiEmployeeId: string; text: string }): Promise<TracePassage[]>;
}

export const noKnowledge: KnowledgeSource = { passages: async () => [] };
