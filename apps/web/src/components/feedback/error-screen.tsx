import { ChevronRight, RotateCw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { captureError } from "#web/lib/error-tracking/error-tracking.ts";
import { Button } from "../ui/button.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "../ui/collapsible.tsx";

export const ERROR_TITLE = "Something went wrong";
export const ERROR_MESSAGE = "We're sorry, but something unexpected happened. Please try again.";

type ErrorScreenProps = {
  error: unknown;
  /** Retry: re-runs the failed route or boundary; without it the page reloads. */
  reset?: () => void;
  /** React's component stack, when the router passes it separately. */
  info?: { componentStack?: string | null };
};

type ErrorDetails = { message: string; stack?: string; componentStack?: string };

function describe(error: unknown, info?: ErrorScreenProps["info"]): ErrorDetails {
  const record = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const message =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : typeof record.message === "string"
          ? record.message
          : safeJson(error);
  const stack = typeof record.stack === "string" ? record.stack : undefined;
  const componentStack =
    typeof record.componentStack === "string" ? record.componentStack : (info?.componentStack ?? undefined);
  return { message: message || "Unknown error", stack, componentStack: componentStack?.trim() || undefined };
}

// Each error once, however often its screen is drawn (StrictMode, a Retry that fails the same way).
const reported = new WeakSet<object>();

function report(error: unknown): void {
  if (typeof error === "object" && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  captureError(error);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The generic error screen: apology, Retry and collapsible technical details. */
export function ErrorScreen({ error, reset, info }: ErrorScreenProps) {
  const details = describe(error, info);
  // The boundaries' errors reach error tracking too (window's error events never see them).
  useEffect(() => report(error), [error]);
  const retry = () => (reset ? reset() : window.location.reload());
  return (
    <div
      role="alert"
      className="flex min-h-svh w-full items-center justify-center px-4 py-12 in-[main]:min-h-[60svh] in-[main]:py-6"
    >
      <div className="w-full max-w-lg">
        <div className="mb-5 flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive ring-8 ring-destructive/5">
          <TriangleAlert className="size-5" aria-hidden />
        </div>
        <h1 className="font-semibold text-xl tracking-tight">{ERROR_TITLE}</h1>
        <p className="mt-2 text-muted-foreground">{ERROR_MESSAGE}</p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={retry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
          <Button variant="outline" asChild>
            <a href="/">Go to home</a>
          </Button>
        </div>
        <Collapsible className="mt-8 rounded-lg border bg-muted/40">
          <CollapsibleTrigger className="group flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left font-medium text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring">
            <ChevronRight
              aria-hidden
              className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-90"
            />
            Error details
          </CollapsibleTrigger>
          <CollapsibleContent>
            <div className="space-y-3 border-t px-3 py-3">
              <DetailBlock label="Message" text={details.message} />
              {details.stack ? <DetailBlock label="Stack" text={details.stack} /> : null}
              {details.componentStack ? <DetailBlock label="Component stack" text={details.componentStack} /> : null}
            </div>
          </CollapsibleContent>
        </Collapsible>
      </div>
    </div>
  );
}

function DetailBlock({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <div className="mb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide">{label}</div>
      <pre className="max-h-56 overflow-auto whitespace-pre-wrap break-words rounded-md bg-background p-2.5 font-mono text-xs leading-relaxed">
        {text}
      </pre>
    </div>
  );
}
