import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";
import { Button } from "../ui/button.tsx";

type NotFoundScreenProps = {
  icon: LucideIcon;
  /** A small line above the title ("404"). */
  eyebrow?: string;
  title: string;
  description: ReactNode;
  /** The way back: a router link, shown as the main button. None when there is nowhere to go. */
  action?: ReactNode;
  /** Fill the window when shown without the shell (the router's 404 can be); inside it, part of the page. */
  fullScreen?: boolean;
};

/** Something that does not exist (or is not this user's to see): say so calmly and offer a way back. */
export function NotFoundScreen({
  icon: Icon,
  eyebrow,
  title,
  description,
  action,
  fullScreen = false,
}: NotFoundScreenProps) {
  return (
    <div
      className={cn(
        "flex w-full items-center justify-center px-4 py-12",
        fullScreen ? "min-h-svh in-[main]:min-h-[60svh]" : "min-h-[60svh]",
      )}
    >
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-5 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
        {eyebrow ? <p className="font-medium text-muted-foreground text-sm">{eyebrow}</p> : null}
        <h1 className={cn("font-semibold text-xl tracking-tight", eyebrow && "mt-1")}>{title}</h1>
        <p className="mt-2 text-muted-foreground">{description}</p>
        {action ? (
          <Button asChild className="mt-6">
            {action}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
