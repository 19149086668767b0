import { Menu, PanelLeft } from "lucide-react";
import { cn } from "#web/lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { sidebarShortcutLabel, useSidebar } from "./sidebar-context.tsx";

/** The visible collapse button (desktop) / menu button (phone); the tooltip names the shortcut. */
export function SidebarTrigger({ className }: { className?: string }) {
  const { isMobile, open, openMobile, toggleSidebar } = useSidebar();
  const label = isMobile ? (openMobile ? "Close menu" : "Open menu") : open ? "Collapse sidebar" : "Expand sidebar";
  return (
    <LazyTooltip
      side="bottom"
      contentClassName="flex items-center gap-2"
      content={
        <>
          {label}
          <kbd className="rounded border border-background/20 px-1 font-mono font-normal text-[0.6875rem] text-background/80">
            {sidebarShortcutLabel()}
          </kbd>
        </>
      }
    >
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        aria-expanded={isMobile ? openMobile : open}
        aria-controls={isMobile ? undefined : "app-sidebar"}
        onClick={toggleSidebar}
        className={cn("-ml-1 text-muted-foreground hover:text-foreground", className)}
      >
        {isMobile ? <Menu /> : <PanelLeft />}
      </Button>
    </LazyTooltip>
  );
}
