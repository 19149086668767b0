import { Avatar as AvatarPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 select-none overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, alt = "", ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      alt={alt}
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

/** Shown until the image loads, or instead of it when there is none (initials). */
export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
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
