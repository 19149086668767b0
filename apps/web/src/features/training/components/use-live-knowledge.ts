import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { invalidateKnowledge, type KnowledgeEntriesList, trainingKeys } from "../api.ts";

/**
 * Keeps the knowledge base list current from the live stream: each `knowledge.updated` moves the row's
 * status and progress at once; an entry that finished (indexed or failed: its error, pages and chunks)
 * or one the list does not hold yet is refetched. After a break in the stream, everything is.
 */
export function useLiveKnowledge(companyId: string) {
  const queryClient = useQueryClient();
  useLiveEvents(
    (event) => {
      if (event.type !== "knowledge.updated") return;
      const key = trainingKeys.knowledge(companyId);
      let known = false;
      if (event.status === "deleted") {
        // Deleted elsewhere (another tab, another manager): the row goes at once.
        queryClient.setQueryData<KnowledgeEntriesList>(key, (list) =>
          list ? { entries: list.entries.filter((entry) => entry.id !== event.entryId) } : list,
        );
        return;
      }
      const status = event.status;
      queryClient.setQueryData<KnowledgeEntriesList>(key, (list) => {
        if (!list) return list;
        return {
          entries: list.entries.map((entry) => {
            if (entry.id !== event.entryId) return entry;
            known = true;
            return { ...entry, status, progress: event.progress };
          }),
        };
      });
      if (!known || status === "indexed" || status === "failed") void invalidateKnowledge(queryClient, companyId);
    },
    { onReconnect: () => void invalidateKnowledge(queryClient, companyId) },
  );
}
