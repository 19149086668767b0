import { QueryCache, QueryClient } from "@tanstack/react-query";
import { describeError, isClientError, isExplainedElsewhere } from "./api-error.ts";
import { queryConfig } from "./config.ts";
import { toast } from "./toast-store.ts";

// One QueryClient with the product's cache settings and central error reporting: a query that
// sets `meta.errorMessage` has its failures shown as a toast.

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { errorMessage?: string };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const title = query.meta?.errorMessage;
        // A 401 has already sent the user to sign in, and the two-factor gate says why the data is refused:
        // a toast on top would only confuse.
        if (!title || isExplainedElsewhere(error)) return;
        toast({ title, description: describeError(error), variant: "destructive" });
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: queryConfig.gcTime,
        staleTime: queryConfig.staleTime,
        // 4xx answers will not change on a retry; network failures and 5xx may.
        retry: (failureCount, error) => !isClientError(error) && failureCount < queryConfig.retry,
        retryDelay: queryConfig.retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
