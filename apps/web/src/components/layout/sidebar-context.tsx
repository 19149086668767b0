import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { layoutConfig } from "#web/lib/config.ts";
import { useIsMobile } from "./use-mobile.ts";

type SidebarContextValue = {
  state: "expanded" | "collapsed";
  /** Desktop: expanded (true) or icons only (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Phone: the slide-in menu is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** Reads the persisted desktop state; null when there is no (valid) cookie. */
export function readSidebarCookie(cookie = document.cookie): boolean | null {
  const prefix = `${layoutConfig.sidebarCookieName}=`;
  const value = cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return value === "true" ? true : value === "false" ? false : null;
}

export function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie so the state survives reloads.
  document.cookie = `${layoutConfig.sidebarCookieName}=${open}; path=/; max-age=${layoutConfig.sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}

/** "⌘B" on Apple keyboards, "Ctrl+B" elsewhere. */
export function sidebarShortcutLabel(): string {
  const platform = typeof navigator === "undefined" ? "" : navigator.platform || navigator.userAgent;
  const key = layoutConfig.sidebarShortcutKey.toUpperCase();
  return /mac|iphone|ipad/i.test(platform) ? `⌘${key}` : `Ctrl+${key}`;
}

export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl/Cmd+B toggles everywhere, like the spec says; preventDefault keeps the browser's own binding out.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== layoutConfig.sidebarShortcutKey) return;
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  // Leaving the phone layout closes the slide-in menu.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? "expanded" : "collapsed",
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider");
  return context;
}
