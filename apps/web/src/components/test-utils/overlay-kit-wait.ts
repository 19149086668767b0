/**
 * Wait options for the first overlay (menu, tooltip, sheet) a test opens: the Radix overlay code is
 * fetched on that first interaction (components/ui/deferred-overlays.ts), which takes longer than
 * Testing Library's default second on a busy machine.
 */
export const overlayKitWait = { timeout: 3000 };
