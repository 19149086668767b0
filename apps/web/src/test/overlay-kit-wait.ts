/**
 * Wait options for the first overlay (menu, tooltip, sheet) a test opens: the Radix overlay code is
 * fetched on that first interaction (components/ui/deferred-overlays.ts). On a clean clone Vite
 * transforms that chunk's Radix modules then, which on a busy 2-core machine can take seconds; the
 * wait ends as soon as the overlay appears.
 */
export const overlayKitWait = { timeout: 30_000 };
