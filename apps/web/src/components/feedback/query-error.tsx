import { RotateCw } from "lucide-react";
import { describeError } from "#web/lib/api-error.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "./empty-state.tsx";

type RetrySize = "default" | "sm";

/** "Try again" under a failed load: runs the query again. */
export function TryAgainButton({ onRetry, size }: { onRetry: () => void; size?: RetrySize }) {
  return (
    <Button variant="outline" size={size} onClick={onRetry}>
      <RotateCw aria-hidden />
      Try again
    </Button>
  );
}

type QueryErrorProps = {
  /** What could not be loaded, as the screen says it ("Couldn't load the tasks"). */
  title: string;
  error: unknown;
  onRetry: () => void;
  size?: RetrySize;
};

/** A list that failed to load, in place of the list: what failed, why, and a retry. */
export function QueryError({ title, error, onRetry, size }: QueryErrorProps) {
  return (
    <EmptyState
      title={title}
      description={describeError(error)}
      action={<TryAgainButton onRetry={onRetry} size={size} />}
    />
  );
}
