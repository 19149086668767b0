import { BrandMark } from "../layout/brand.tsx";
import { Spinner } from "../ui/spinner.tsx";

type FullScreenLoadingProps = { title?: string; message?: string };

/** The full-screen loading view: brand, title, spinner and message. */
export function FullScreenLoading({ title = "Foreman", message = "Loading…" }: FullScreenLoadingProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh w-full flex-col items-center justify-center gap-5 px-4 text-center in-[main]:min-h-[60svh]"
    >
      <BrandMark className="size-10 rounded-xl" />
      <div className="space-y-1.5">
        <div className="font-semibold text-base tracking-tight">{title}</div>
        <div className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner />
          <span>{message}</span>
        </div>
      </div>
    </div>
  );
}
