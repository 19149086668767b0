import { describe, expect, it } from "vitest";
import { layoutConfig, toastConfig } from "./config.ts";
import { keyboardShortcuts } from "./keyboard-shortcuts.ts";

describe("keyboardShortcuts", () => {
  it("names the modifier as the keyboard does", () => {
    const sidebarKey = layoutConfig.sidebarShortcutKey.toUpperCase();
    expect(keyboardShortcuts(true)[0]!.keys).toEqual(["⌘", sidebarKey]);
    expect(keyboardShortcuts(false)[0]!.keys).toEqual(["Ctrl", sidebarKey]);
    expect(keyboardShortcuts(false).some((s) => s.keys.join("+") === "Ctrl+Enter")).toBe(true);
  });

  it("lists the alerts' key from the toaster's own setting", () => {
    expect(keyboardShortcuts(false).map((s) => s.keys.join("+"))).toContain(toastConfig.hotkey.join("+"));
  });
});
