import type { Message } from "@foreman/contract";
import { ArrowDown, History } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";
import { subjectsToShow } from "../email-subjects.ts";
import { threadItems } from "../thread-items.ts";
import { MessageRow } from "./message-row.tsx";

// The scrolling thread: oldest at the top, newest at the bottom. It opens at the bottom and stays
// there while new messages arrive (as long as the reader is there too); a reader who scrolled up keeps
// their place and gets a "New messages" pill instead. Loading older messages keeps the view where it
// was. Rows are memoised, so a new message renders one row, not the hundreds above it.

/** Within this distance of the bottom counts as "at the bottom". */
const BOTTOM_SLACK_PX = 80;
/** How long after older messages arrive the view keeps its place while their rows settle. */
const ANCHOR_HOLD_MS = 1000;

type MessageThreadProps = {
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Bumped when this tab sent a message: always scroll to it. */
  sentCount: number;
  /** Opens the trace of an AI reply's run (a stable function: rows are memoised). */
  onShowTrace?: (runId: string) => void;
  /** Opens the template dialog from a message WhatsApp refused outside its window (a stable function). */
  onSendTemplate?: () => void;
  className?: string;
};

export function MessageThread({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  sentCount,
  onShowTrace,
  onSendTemplate,
  className,
}: MessageThreadProps) {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const items = useMemo(() => threadItems(messages), [messages]);
  const subjects = useMemo(() => subjectsToShow(messages), [messages]);
  // Whether the view follows the newest message (the reader is at the bottom).
  const stick = useRef(true);
  // The thread's height when last looked at: a resize is judged against the height the reader saw.
  const knownHeight = useRef(0);
  // The message at the top of the view when older messages were asked for, and how far below the
  // thread's top edge its bottom was: once they arrive (and while rows above it settle to their real
  // heights) it is put back there. Its bottom, not its top: the row may lose its sender line when the
  // older messages before it are from the same sender.
  const anchor = useRef<{ id: string; offset: number; until: number } | null>(null);
  const seen = useRef<{ first: string | null; last: string | null }>({ first: null, last: null });
  const [unseen, setUnseen] = useState(0);

  /** Puts the anchor message back where it was (rows above it may still change height for a moment). */
  const holdAnchor = useCallback(() => {
    const element = scroller.current;
    const held = anchor.current;
    if (!element || !held) return;
    if (performance.now() > held.until) {
      anchor.current = null;
      return;
    }
    const row = element.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(held.id)}"]`);
    if (!row) return;
    const drift = row.getBoundingClientRect().bottom - element.getBoundingClientRect().top - held.offset;
    if (Math.abs(drift) >= 1) element.scrollTop += drift;
  }, []);

  const scrollToBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    stick.current = true;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "instant" });
    setUnseen(0);
  }, []);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
    stick.current = atBottom;
    knownHeight.current = element.scrollHeight;
    if (atBottom) setUnseen(0);
  }, []);

  // Content that changes size (rows laid out for the first time, images, a new message) while the
  // reader is at the bottom keeps them there.
  useEffect(() => {
    const element = scroller.current;
    const list = content.current;
    if (!element || !list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      // The reader may have scrolled up in this very frame (its scroll event comes later): measured
      // against the height they saw, they are no longer at the bottom.
      const distance = knownHeight.current - element.scrollTop - element.clientHeight;
      if (stick.current && distance > BOTTOM_SLACK_PX) stick.current = false;
      if (stick.current) element.scrollTop = element.scrollHeight;
      else holdAnchor();
      knownHeight.current = element.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [holdAnchor]);

  useLayoutEffect(() => {
    const element = scroller.current;
    const first = messages[0]?.id ?? null;
    const last = messages.at(-1)?.id ?? null;
    const before = seen.current;
    seen.current = { first, last };
    if (!element || last === null) return;
    if (before.last === null) {
      // First paint of the thread: open at the newest message.
      element.scrollTop = element.scrollHeight;
      knownHeight.current = element.scrollHeight;
      return;
    }
    if (first !== before.first && anchor.current) {
      // Older messages came in above: keep the same messages in view.
      anchor.current.until = performance.now() + ANCHOR_HOLD_MS;
      holdAnchor();
    }
    if (last !== before.last) {
      if (stick.current) {
        element.scrollTop = element.scrollHeight;
        knownHeight.current = element.scrollHeight;
      } else {
        const index = messages.findIndex((message) => message.id === before.last);
        setUnseen((count) => count + (index >= 0 ? messages.length - 1 - index : 1));
      }
    }
  }, [messages, holdAnchor]);

  // This tab's own message: show it, wherever the reader was.
  useLayoutEffect(() => {
    if (sentCount > 0) scrollToBottom();
  }, [sentCount, scrollToBottom]);

  function release() {
    anchor.current = null;
  }

  function loadOlder() {
    const element = scroller.current;
    const top = element?.getBoundingClientRect().top ?? 0;
    const visible = Array.from(element?.querySelectorAll<HTMLElement>("[data-message-id]") ?? []).find(
      (row) => row.getBoundingClientRect().bottom > top,
    );
    anchor.current = visible
      ? { id: visible.dataset.messageId!, offset: visible.getBoundingClientRect().bottom - top, until: Infinity }
      : null;
    stick.current = false;
    onLoadOlder();
  }

  return (
    <div className={cn("relative min-h-0 flex-1", className)}>
      <section
        ref={scroller}
        onScroll={onScroll}
        // The reader taking over ends any holding of the view in place.
        onWheel={release}
        onTouchStart={release}
        onKeyDown={release}
        onPointerDown={release}
        // A scrolling region must be reachable by keyboard to be scrolled with the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label="Messages"
        className="h-full overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="message-thread"
      >
        <div className="flex min-h-full flex-col justify-end pb-4">
          <div className="flex justify-center px-4 pt-4 pb-2">
            {hasOlder ? (
              <Button variant="outline" size="sm" onClick={loadOlder} disabled={loadingOlder}>
                {loadingOlder ? <Spinner className="size-3.5" /> : <History aria-hidden />}
                {loadingOlder ? "Loading older messages…" : "Load older messages"}
              </Button>
            ) : messages.length > 0 ? (
              <p className="text-muted-foreground text-xs">Start of the conversation</p>
            ) : null}
          </div>
          <ol ref={content} aria-label="Conversation messages" className="flex flex-col">
            {items.map((item) =>
              item.kind === "day" ? (
                <li key={item.key} className="sticky top-0 z-10 flex justify-center py-2" data-testid="day-separator">
                  <span className="rounded-full border bg-background/95 px-3 py-0.5 font-medium text-muted-foreground text-xs shadow-xs backdrop-blur">
                    {item.label}
                  </span>
                </li>
              ) : (
                <MessageRow
                  key={item.key}
                  item={item}
                  onShowTrace={onShowTrace}
                  onSendTemplate={onSendTemplate}
                  subject={subjects.get(item.message.id) ?? null}
                />
              ),
            )}
          </ol>
        </div>
      </section>
      {unseen > 0 ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button
            size="sm"
            className="pointer-events-auto rounded-full shadow-lg"
            onClick={() => scrollToBottom(true)}
            data-testid="new-messages-pill"
          >
            <ArrowDown aria-hidden />
            {unseen === 1 ? "1 new message" : `${unseen} new messages`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
