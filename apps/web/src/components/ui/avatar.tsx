import {
  type ComponentProps,
  createContext,
  type Dispatch,
  type SetStateAction,
  useContext,
  useLayoutEffect,
  useState,
} from "react";
import { cn } from "#web/lib/utils.ts";

// An image with an initials fallback, without a library: the fallback shows until the image has
// loaded, and again if it fails. Images this page has already shown paint at once when an avatar
// mounts again (no flash of initials).

type ImageStatus = "none" | "loading" | "loaded" | "error";
type StatusState = [ImageStatus, Dispatch<SetStateAction<ImageStatus>>];

const AvatarContext = createContext<StatusState | null>(null);
const loadedSources = new Set<string>();

export function Avatar({ className, ...props }: ComponentProps<"span">) {
  const status = useState<ImageStatus>("none");
  return (
    <AvatarContext value={status}>
      <span
        data-slot="avatar"
        className={cn("relative flex size-8 shrink-0 select-none overflow-hidden rounded-full", className)}
        {...props}
      />
    </AvatarContext>
  );
}

export function AvatarImage({ className, alt = "", src, onLoad, onError, ...props }: ComponentProps<"img">) {
  const [status, setStatus] = useContext(AvatarContext) ?? [];
  useLayoutEffect(() => {
    setStatus?.(!src ? "none" : loadedSources.has(src) ? "loaded" : "loading");
    return () => setStatus?.("none");
  }, [src, setStatus]);
  if (!src || status === "error") return null;
  return (
    <img
      data-slot="avatar-image"
      src={src}
      alt={alt}
      // Kept in the DOM (so it loads) but not shown until it has.
      className={cn("aspect-square size-full object-cover", status !== "loaded" && "hidden", className)}
      onLoad={(event) => {
        loadedSources.add(src);
        setStatus?.("loaded");
        onLoad?.(event);
      }}
      onError={(event) => {
        setStatus?.("error");
        onError?.(event);
      }}
      {...props}
    />
  );
}

/** Shown until the image loads, or instead of it when there is none or it fails (initials). */
export function AvatarFallback({ className, ...props }: ComponentProps<"span">) {
  const [status] = useContext(AvatarContext) ?? [];
  if (status === "loaded") return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-[inherit] bg-muted font-medium text-muted-foreground text-xs",
        className,
      )}
      {...props}
    />
  );
}

/**
 * Initials drawn by CSS, not as text: an avatar is a picture, so the letters must not become part of a
 * control's name or its "visible label" (screen readers and speech input use the control's own name).
 */
export function AvatarInitials({ value, className }: { value: string; className?: string }) {
  return <span aria-hidden data-initials={value} className={cn("before:content-[attr(data-initials)]", className)} />;
}
