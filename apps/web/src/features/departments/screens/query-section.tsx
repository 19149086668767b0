import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { ListSkeleton } from "./department-skeleton.tsx";

type QuerySectionProps<T> = {
  query: UseQueryResult<T>;
  /** What failed, as the screen says it ("Couldn't load the open leads"). */
  errorTitle: string;
  children: (data: T) => ReactNode;
};

/** A section's three states: a skeleton while loading, the error with a retry, then its content (dimmed while refreshing). */
export function QuerySection<T>({ query, errorTitle, children }: QuerySectionProps<T>) {
  if (query.isError && query.data === undefined) {
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} size="sm" />;
  }
  if (query.data === undefined) return <ListSkeleton />;
  return (
    <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined} aria-busy={query.isFetching}>
      {children(query.data)}
    </div>
  );
}
