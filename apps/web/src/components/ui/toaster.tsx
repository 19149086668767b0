import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { useSyncExternalStore } from "react";
import { toastConfig } from "#web/lib/config.ts";
import { dismissToast, getToasts, removeToast, subscribeToasts } from "#web/lib/toast-store.ts";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast.tsx";

export { dismissToast, type ToastOptions, toast } from "#web/lib/toast-store.ts";

const icons = { default: Info, success: CircleCheck, destructive: CircleAlert } as const;
const EXIT_ANIMATION_MS = 200;

/** Renders the current toast (one at a time); F8 focuses the region. Mount once near the root. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastProvider duration={toastConfig.durationMs} label="Notification">
      {toasts.map(({ id, title, description, variant, duration, open }) => {
        const Icon = icons[variant ?? "default"];
        return (
          <Toast
            key={id}
            variant={variant}
            duration={duration}
            open={open}
            onOpenChange={(next) => {
              if (next) return;
              dismissToast(id);
              setTimeout(() => removeToast(id), EXIT_ANIMATION_MS);
            }}
          >
            <Icon data-slot="toast-icon" aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <div className="grid min-w-0 gap-1">
              <ToastTitle>{title}</ToastTitle>
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport hotkey={[...toastConfig.hotkey]} />
    </ToastProvider>
  );
}
