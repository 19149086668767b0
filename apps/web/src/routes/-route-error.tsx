import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { LazyErrorScreen as ErrorScreen } from "./-lazy-feedback.tsx";

/** The router's error boundary: Retry re-runs the failed loaders, then re-renders. */
export function RouteError({ error, reset, info }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorScreen
      error={error}
      info={info}
      reset={() => {
        void router.invalidate().finally(reset);
      }}
    />
  );
}
