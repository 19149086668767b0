import { type ComponentType, createElement, type ReactNode, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";

// The shell paints its overlay triggers (tooltips, menus, the phone sheet) as plain elements and
// fetches the Radix overlay code — one chunk, `overlay-kit.tsx` — the first time someone points at,
// focuses or presses one of them. Until then the Lazy* wrappers render the triggers alone; once the
// kit has arrived they all render the real Radix components (see lazy-tooltip.tsx,
// lazy-dropdown-menu.tsx, lazy-sheet.tsx).
//
// Wrapping a trigger in Radix components gives React a new tree, so the trigger elements are
// replaced when the kit arrives. To keep that invisible, the swap waits until no pointer button or
// key pressed on a trigger is held (so the click still lands), and afterwards focus goes back to the
// replacement of the trigger that had it, and a pointer resting on one is replayed so its tooltip
// opens.

export type OverlayKit = typeof import("./overlay-kit.tsx");

/** Put on every element that warms the kit; the same elements before and after the swap. */
export const OVERLAY_TRIGGER_ATTRIBUTE = "data-overlay-trigger";
export const overlayTriggerProps = { [OVERLAY_TRIGGER_ATTRIBUTE]: "" } as const;

let kit: OverlayKit | null = null;
let loading: Promise<OverlayKit> | null = null;
/** Set while the kit has arrived but waits for a held key or button to be let go. */
let pendingSwap: (() => void) | null = null;
const listeners = new Set<() => void>();

// What the user is doing with the triggers while the kit loads.
let hovered: Element | null = null;
let pressed: Element | null = null;
const held = new Set<string>();

const triggerOf = (target: EventTarget | null): Element | null =>
  target instanceof Element ? target.closest(`[${OVERLAY_TRIGGER_ATTRIBUTE}]`) : null;

const allTriggers = (): Element[] => Array.from(document.querySelectorAll(`[${OVERLAY_TRIGGER_ATTRIBUTE}]`));

function matchesFocusVisible(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getKit = () => kit;

/** The overlay kit once it has arrived (and been swapped in), else null. */
export function useOverlayKit(): OverlayKit | null {
  return useSyncExternalStore(subscribe, getKit, getKit);
}

/**
 * A stand-in for one of the kit's components that renders nothing until the kit is in. For parts that
 * only show inside an open overlay (menu items, sheet content), which cannot be open before that.
 */
export function deferredPart<P extends object>(
  pick: (kit: OverlayKit) => ComponentType<P>,
  displayName: string,
): ComponentType<P> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, never in render
  function DeferredPart(props: P): ReactNode {
    const current = useOverlayKit();
    return current ? createElement(pick(current), props) : null;
  }
  DeferredPart.displayName = displayName;
  return DeferredPart;
}

/** Starts fetching the kit (once); resolves when the shell has switched to it. */
export function loadOverlayKit(): Promise<OverlayKit> {
  if (kit) return Promise.resolve(kit);
  loading ??= import("./overlay-kit.tsx").then(
    (module) =>
      new Promise<OverlayKit>((resolve, reject) => {
        pendingSwap = () => {
          try {
            resolve(swapIn(module));
          } catch (error) {
            reject(error);
          }
        };
        trySwap();
      }),
    (error: unknown) => {
      // A failed fetch (offline, new deployment) is retried on the next interaction.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function trySwap() {
  // A press on a trigger that has since left the page (a navigation, a closed panel) is not coming back.
  if (pressed && !pressed.isConnected) held.delete("pointer");
  if (!pendingSwap || held.size > 0) return;
  const swap = pendingSwap;
  pendingSwap = null;
  swap();
}

function swapIn(module: OverlayKit): OverlayKit {
  const before = allTriggers();
  const active = document.activeElement;
  const focusIndex = active ? before.indexOf(active) : -1;
  // A trigger focused by a press keeps Radix's "no tooltip after a click"; keyboard focus comes back.
  const restoreFocus = focusIndex >= 0 && active !== pressed;
  const focusVisible = restoreFocus && active ? matchesFocusVisible(active) : false;
  const hoverIndex = hovered && hovered !== pressed ? before.indexOf(hovered) : -1;
  stopWatching();

  flushSync(() => {
    kit = module;
    for (const listener of listeners) listener();
  });

  const after = allTriggers();
  const focusTarget = restoreFocus ? after[focusIndex] : undefined;
  const focusLost = !document.activeElement || document.activeElement === document.body;
  if (focusTarget instanceof HTMLElement && focusLost) {
    focusTarget.focus({ preventScroll: true, focusVisible } as FocusOptions);
  }
  const hoverTarget = hoverIndex >= 0 ? after[hoverIndex] : undefined;
  if (hoverTarget) {
    // The pointer rests on the new element: let Radix see it move there, as if it had just arrived.
    const EventType = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;
    hoverTarget.dispatchEvent(
      new EventType("pointermove", { bubbles: true, pointerType: "mouse" } as PointerEventInit),
    );
  }
  return module;
}

// Delegated listeners, only while the kit is not in: any trigger warms it; presses and the pointer
// position are remembered for the swap.
const onPointerOver = (event: PointerEvent) => {
  const trigger = triggerOf(event.target);
  if (!trigger) return;
  if (event.pointerType !== "touch") hovered = trigger;
  void loadOverlayKit().catch(() => {});
};
const onPointerOut = (event: PointerEvent) => {
  if (hovered && !(event.relatedTarget instanceof Node && hovered.contains(event.relatedTarget))) hovered = null;
};
const onFocusIn = (event: FocusEvent) => {
  if (triggerOf(event.target)) void loadOverlayKit().catch(() => {});
};
const onPointerDown = (event: PointerEvent) => {
  const trigger = triggerOf(event.target);
  if (!trigger) return;
  pressed = trigger;
  held.add("pointer");
};
const onKeyDown = (event: KeyboardEvent) => {
  if (triggerOf(event.target) && !event.repeat) held.add(event.key);
};
// Release after the click that follows pointerup/keyup has been dispatched.
const release = (key: string) => {
  if (!held.delete(key)) return;
  setTimeout(trySwap, 0);
};
const onPointerUp = () => release("pointer");
const onKeyUp = (event: KeyboardEvent) => release(event.key);
const onWindowBlur = () => {
  held.clear();
  setTimeout(trySwap, 0);
};

const documentListeners = [
  ["pointerover", onPointerOver],
  ["pointerout", onPointerOut],
  ["focusin", onFocusIn],
  ["pointerdown", onPointerDown],
  ["pointerup", onPointerUp],
  ["pointercancel", onPointerUp],
  ["keydown", onKeyDown],
  ["keyup", onKeyUp],
] as const;

let watching = false;

function startWatching() {
  if (watching || kit || typeof document === "undefined") return;
  watching = true;
  for (const [type, listener] of documentListeners) {
    document.addEventListener(type, listener as EventListener, { capture: true, passive: true });
  }
  window.addEventListener("blur", onWindowBlur);
}

function stopWatching() {
  if (!watching) return;
  watching = false;
  for (const [type, listener] of documentListeners) {
    document.removeEventListener(type, listener as EventListener, { capture: true });
  }
  window.removeEventListener("blur", onWindowBlur);
  hovered = null;
  pressed = null;
  held.clear();
}

startWatching();
