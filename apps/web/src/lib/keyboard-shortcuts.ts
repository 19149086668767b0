import { layoutConfig, toastConfig } from "./config.ts";

// Every keyboard shortcut of the product, in one list: the help centre shows it, and the keys of the
// shell's own (the sidebar, the alerts) are read from the same configuration their handlers use.

export type KeyboardShortcut = {
  /** The keys pressed together, as the user's keyboard names them ("Ctrl", "⌘", "Enter"). */
  keys: string[];
  /** What it does. */
  action: string;
  /** Where it works. */
  where: string;
};

export function isApplePlatform(): boolean {
  const platform = typeof navigator === "undefined" ? "" : navigator.platform || navigator.userAgent;
  return /mac|iphone|ipad/i.test(platform);
}

/** The shortcuts, the modifier named as this keyboard names it (⌘ on Apple keyboards, Ctrl elsewhere). */
export function keyboardShortcuts(apple = isApplePlatform()): KeyboardShortcut[] {
  const mod = apple ? "⌘" : "Ctrl";
  return [
    {
      keys: [mod, layoutConfig.sidebarShortcutKey.toUpperCase()],
      action: "Collapse or expand the sidebar (open or close the menu on a phone)",
      where: "Everywhere",
    },
    {
      keys: [...toastConfig.hotkey],
      action: "Jump to the current alert",
      where: "Everywhere",
    },
    { keys: ["Esc"], action: "Close a dialog, a menu or a side panel", where: "Everywhere" },
    { keys: ["Enter"], action: "Send the reply", where: "A conversation's reply box, Try it, the assistant" },
    { keys: ["Shift", "Enter"], action: "Start a new line instead of sending", where: "The same reply boxes" },
    { keys: [mod, "Enter"], action: "Send the answer", where: "An action item's answer box" },
    { keys: ["Enter"], action: "Search now", where: "The conversations search box" },
    { keys: ["↓"], action: "Move down the results (↑ moves back up)", where: "The help centre's search" },
    { keys: ["Enter"], action: "Open the first result, or the one in focus", where: "The help centre's search" },
  ];
}
