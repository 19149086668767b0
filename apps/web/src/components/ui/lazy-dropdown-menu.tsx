import { Slot } from "radix-ui";
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  deferredPart,
  loadOverlayKit,
  type OverlayKit,
  overlayTriggerProps,
  useOverlayKit,
} from "./deferred-overlays.ts";

// A dropdown menu whose Radix code loads on first interaction (deferred-overlays.ts), with the same
// parts as dropdown-menu.tsx. Before the kit is in, the trigger is a plain button with the menu
// button semantics; pressing it (pointer, Enter, Space, ArrowDown) opens the menu as soon as the kit
// arrives — one press is enough.

type OpenedWith = "pointer" | "keyboard";

type LazyMenuState = {
  requestOpen: (openedWith: OpenedWith) => void;
  /** True once after an open requested from the keyboard before the kit was in. */
  takeKeyboardOpen: () => boolean;
};

const LazyMenuContext = createContext<LazyMenuState | null>(null);

function useLazyMenu(part: string): LazyMenuState {
  const state = useContext(LazyMenuContext);
  if (!state) throw new Error(`${part} must be used within a LazyDropdownMenu`);
  return state;
}

export function LazyDropdownMenu({ children, modal }: { children: ReactNode; modal?: boolean }) {
  const kit = useOverlayKit();
  const [open, setOpen] = useState(false);
  const keyboardOpen = useRef(false);
  const state = useMemo<LazyMenuState>(
    () => ({
      requestOpen: (openedWith) => {
        keyboardOpen.current = openedWith === "keyboard";
        setOpen(true);
        // If the kit cannot be fetched, the next press tries again.
        loadOverlayKit().catch(() => setOpen(false));
      },
      takeKeyboardOpen: () => {
        const value = keyboardOpen.current;
        keyboardOpen.current = false;
        return value;
      },
    }),
    [],
  );
  return (
    <LazyMenuContext value={state}>
      {kit ? (
        <kit.DropdownMenu open={open} onOpenChange={setOpen} modal={modal}>
          {children}
        </kit.DropdownMenu>
      ) : (
        children
      )}
    </LazyMenuContext>
  );
}

const OPEN_KEYS = ["Enter", " ", "ArrowDown"];

export function LazyDropdownMenuTrigger({
  asChild = false,
  children,
  onPointerDown,
  onKeyDown,
  onClick,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean }) {
  const kit = useOverlayKit();
  const menu = useLazyMenu("LazyDropdownMenuTrigger");
  if (kit) {
    return (
      <kit.DropdownMenuTrigger
        asChild={asChild}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onClick={onClick}
        {...props}
        {...overlayTriggerProps}
      >
        {children}
      </kit.DropdownMenuTrigger>
    );
  }
  // Radix's trigger opens on pointerdown (left button, no Ctrl) and on Enter, Space and ArrowDown.
  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    onPointerDown?.(event);
    if (event.defaultPrevented || props.disabled || event.button !== 0 || event.ctrlKey) return;
    menu.requestOpen("pointer");
    // As Radix does: the trigger does not take focus, the menu will.
    event.preventDefault();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || props.disabled || !OPEN_KEYS.includes(event.key)) return;
    menu.requestOpen("keyboard");
    event.preventDefault();
  };
  // A click with no press before it comes from assistive technology.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && event.detail === 0) menu.requestOpen("keyboard");
  };
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      {...overlayTriggerProps}
      onPointerDown={handlePointerDown}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
    >
      {children}
    </Comp>
  );
}

const FIRST_ITEM = ["menuitem", "menuitemradio", "menuitemcheckbox"]
  .map((role) => `[role="${role}"]:not([data-disabled])`)
  .join(", ");

export function LazyDropdownMenuContent({ onFocus, ...props }: ComponentProps<OverlayKit["DropdownMenuContent"]>) {
  const kit = useOverlayKit();
  const menu = useLazyMenu("LazyDropdownMenuContent");
  if (!kit) return null;
  return (
    <kit.DropdownMenuContent
      {...props}
      onFocus={(event) => {
        onFocus?.(event);
        // Radix focuses the menu itself when it opens. Opened from the keyboard before the kit was
        // in, Radix did not see the key: do what it does for keyboard users, focus the first item.
        if (event.target !== event.currentTarget || !menu.takeKeyboardOpen()) return;
        event.currentTarget.querySelector<HTMLElement>(FIRST_ITEM)?.focus({ preventScroll: true });
      }}
    />
  );
}

export const LazyDropdownMenuGroup = deferredPart((kit) => kit.DropdownMenuGroup, "LazyDropdownMenuGroup");
export const LazyDropdownMenuItem = deferredPart((kit) => kit.DropdownMenuItem, "LazyDropdownMenuItem");
export const LazyDropdownMenuLabel = deferredPart((kit) => kit.DropdownMenuLabel, "LazyDropdownMenuLabel");
export const LazyDropdownMenuRadioGroup = deferredPart(
  (kit) => kit.DropdownMenuRadioGroup,
  "LazyDropdownMenuRadioGroup",
);
export const LazyDropdownMenuRadioItem = deferredPart((kit) => kit.DropdownMenuRadioItem, "LazyDropdownMenuRadioItem");
export const LazyDropdownMenuSeparator = deferredPart((kit) => kit.DropdownMenuSeparator, "LazyDropdownMenuSeparator");
