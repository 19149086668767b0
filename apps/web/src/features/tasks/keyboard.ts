import type { KeyboardEvent } from "react";

// The "send" shortcut of the answer boxes: Ctrl+Enter, or ⌘+Enter on Apple keyboards.

export function isApplePlatform(): boolean {
  const platform = typeof navigator === "undefined" ? "" : navigator.platform || navigator.userAgent;
  return /mac|iphone|ipad/i.test(platform);
}

/** Ctrl+Enter or ⌘+Enter, not while an input method is composing text. */
export function isSendShortcut(event: KeyboardEvent): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;
}

/** "⌘ Enter" on Apple keyboards, "Ctrl Enter" elsewhere. */
export function sendShortcutLabel(): string {
  return isApplePlatform() ? "⌘ Enter" : "Ctrl Enter";
}
