import { type RefObject, useEffect, useState } from "react";

/** What became of the last copy: copied, selected for the user to copy (no clipboard), or nothing yet. */
export type CopyState = "yes" | "select" | null;

/**
 * Copies a text to the clipboard; without one (an insecure origin, a refused permission) selects the
 * element that shows it, for Ctrl+C. "Copied" fades after 2 s.
 */
export function useCopyText(shown: RefObject<HTMLElement | null>) {
  const [copied, setCopied] = useState<CopyState>(null);
  useEffect(() => {
    if (copied !== "yes") return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      const selection = window.getSelection();
      if (shown.current && selection) {
        const range = document.createRange();
        range.selectNodeContents(shown.current);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied("select");
    }
  }

  return { copied, copy };
}
