import { type ComponentProps, lazy, Suspense } from "react";

// The error screen is only needed when something fails: fetch it then, not with the shell.
const ErrorScreen = lazy(() =>
  import("#web/components/feedback/error-screen.tsx").then((module) => ({ default: module.ErrorScreen })),
);

export function LazyErrorScreen(props: ComponentProps<typeof ErrorScreen>) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen {...props} />
    </Suspense>
  );
}
