// The spec's constants in one place: router, data cache, shell and toast settings.

export const routerConfig = {
  defaultPendingMs: 1000,
  defaultPendingMinMs: 500,
  defaultPreloadDelay: 50,
  defaultPreloadStaleTime: 30_000,
} as const;

export const queryConfig = {
  gcTime: 5 * 60_000,
  /**
   * An answer this fresh is used as it is when a screen mounts: the route's loader (or a link hovered)
   * has just fetched it, and fetching it again on mount doubled every cold load's list request. The
   * live stream's invalidations, a window regaining focus and a company switch still refetch.
   */
  staleTime: 5_000,
  retry: 3,
  /** min(1000 · 2^n, 30000) ms */
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
} as const;

export const shellDataConfig = {
  /**
   * The user, companies and departments change rarely: once the route loader has fetched them, the
   * shell's components use that answer instead of fetching it again on mount. A company switch
   * still refetches them (it invalidates every query).
   */
  staleTimeMs: 60_000,
} as const;

export const layoutConfig = {
  /** Below this width the menu is a slide-in panel. */
  mobileBreakpointPx: 768,
  sidebarWidth: "19rem",
  sidebarWidthMobile: "18rem",
  sidebarWidthCollapsed: "3rem",
  sidebarCookieName: "sidebar_state",
  sidebarCookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  sidebarShortcutKey: "b",
} as const;

export const themeConfig = {
  storageKey: "vite-ui-theme",
  defaultTheme: "light",
} as const;

export const toastConfig = {
  limit: 1,
  durationMs: 5000,
  hotkey: ["F8"],
} as const;

export const tooltipConfig = {
  menuDelayMs: 100,
  defaultDelayMs: 700,
  skipDelayMs: 300,
} as const;
