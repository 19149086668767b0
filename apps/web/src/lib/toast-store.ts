import { toastConfig } from "./config.ts";

/** What a toast reports: news, a success, or a failure (the toast component colours each). */
export type ToastVariant = "default" | "success" | "destructive";

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; 5000 by default. */
  duration?: number;
};

export type ToastItem = ToastOptions & { id: number; open: boolean };

type Listener = () => void;

// A tiny module store (not React state) so code outside React — the QueryClient's error handler —
// can raise a toast. It holds at most `toastConfig.limit` (1) toasts: a new one replaces the old.
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

export function dismissToast(id: number): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
}

/** Forgets a closed toast once its exit animation has run. */
export function removeToast(id: number): void {
  emit(toasts.filter((item) => item.id !== id));
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...options, id, open: true }, ...toasts].slice(0, toastConfig.limit));
  return { id, dismiss: () => dismissToast(id) };
}
