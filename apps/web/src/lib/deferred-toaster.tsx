import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "./toast-store.ts";

// The toast viewport (Radix Toast) is only fetched once the first toast is raised, keeping it out of
// the shell's initial bundle. Toasts raised before it arrives wait in the store and show when it does.
const Toaster = lazy(() => import("#web/components/ui/toaster.tsx").then((module) => ({ default: module.Toaster })));

const hasToasts = () => getToasts().length > 0;

export function DeferredToaster() {
  const needed = useSyncExternalStore(subscribeToasts, hasToasts, () => false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (needed) setMounted(true);
  }, [needed]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
