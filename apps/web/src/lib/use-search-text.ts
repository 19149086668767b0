import { useEffect, useRef, useState } from "react";

/**
 * A search box's text and when it counts: what is typed is reported once typing pauses for `delayMs`
 * (or at once through `report`), trimmed and only when it changed. When the address changes underneath
 * (back, a link, a cleared filter), the box shows the address's value again.
 */
export function useSearchText(value: string, onSearch: (q: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function report(next: string) {
    clearTimeout(timer.current);
    const q = next.trim();
    if (q === reported.current) return;
    reported.current = q;
    onSearch(q);
  }

  return {
    text,
    /** Typing: shown now, reported once typing pauses. */
    type(next: string) {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => report(next), delayMs);
    },
    /** Reports the text now (Enter). */
    report: () => report(text),
    clear() {
      setText("");
      report("");
    },
  };
}
