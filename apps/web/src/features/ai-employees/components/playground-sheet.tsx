import { MESSAGE_MAX_LENGTH } from "@foreman/contract";
import { FlaskConical, RotateCcw, SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { LazySheet, LazySheetContent, LazySheetDescription, LazySheetTitle } from "#web/components/ui/lazy-sheet.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { type PlaygroundAnswer, sendPlaygroundMessage } from "../api.ts";
import { type PlaygroundEmployee, PlaygroundTurn, StaffTestMessage, ThinkingMessage } from "./playground-turn.tsx";

// "Try it": staff write to the AI employee as a customer would, through the production pipeline, in a
// test conversation (the server's playground). The first answer's session id carries the following
// messages into the same conversation; "New session" starts another. The chat lives here, outside the
// sheet's content, so closing and reopening the sheet keeps it.

/** Show the length counter from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

type PlaygroundSheetProps = {
  employee: PlaygroundEmployee;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function PlaygroundSheet({ employee, open, onOpenChange }: PlaygroundSheetProps) {
  const companyId = useCompanyId();
  const [turns, setTurns] = useState<PlaygroundAnswer[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  /** The message on its way, shown in the chat until its answer comes. */
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by "New session": an answer to a message of the session before is dropped.
  const session = useRef(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The sheet opens without a Radix trigger, so focus is put back on what opened it by hand.
  const opener = useRef<HTMLElement | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const errorId = useId();
  const content = draft.trim();
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const canSend = content.length > 0 && !tooLong && sending === null;

  // The newest message in view, as in any chat.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chat grows, which it reads through the ref
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, sending, open]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const current = session.current;
    setSending(content);
    setError(null);
    try {
      const answer = await sendPlaygroundMessage(companyId, employee.id, {
        content,
        sessionId: sessionId ?? undefined,
      });
      if (session.current !== current) return;
      setSessionId(answer.sessionId);
      setTurns((before) => [...before, answer]);
      setDraft("");
    } catch (failure) {
      if (session.current === current) setError(describeError(failure));
    } finally {
      if (session.current === current) {
        setSending(null);
        // The box was disabled while sending, which drops focus: give it back for the next message.
        requestAnimationFrame(() => textarea.current?.focus());
      }
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is not a send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function newSession() {
    session.current += 1;
    setTurns([]);
    setSessionId(null);
    setSending(null);
    setError(null);
    textarea.current?.focus();
  }

  const empty = turns.length === 0 && sending === null;
  return (
    <LazySheet open={open} onOpenChange={onOpenChange}>
      <LazySheetContent
        className="w-full sm:max-w-xl"
        data-testid="playground-sheet"
        onOpenAutoFocus={(event: Event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          event.preventDefault();
          textarea.current?.focus();
        }}
        onCloseAutoFocus={(event: Event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <div className="space-y-1.5 border-b p-4 pr-12">
          <LazySheetTitle className="flex min-w-0 items-center gap-2">
            <FlaskConical aria-hidden className="size-4 shrink-0 text-primary" />
            <span className="truncate">Try {employee.name}</span>
          </LazySheetTitle>
          <LazySheetDescription className="text-xs leading-relaxed">
            Write as a customer would: {employee.name} answers through the real pipeline, with the same knowledge, tools
            and limits. This is a test conversation, left out of every list and metric; quotes and action items it
            creates are marked as tests.
          </LazySheetDescription>
          <div className="flex items-center justify-between gap-2 pt-1">
            <p className="text-muted-foreground text-xs" data-testid="playground-session">
              {sessionId ? "Same session until you start a new one." : "A new session starts with your first message."}
            </p>
            <Button variant="outline" size="sm" onClick={newSession} disabled={empty && !error}>
              <RotateCcw aria-hidden />
              New session
            </Button>
          </div>
        </div>
        <div
          ref={scroller}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
          data-testid="playground-chat"
        >
          {empty ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center">
              <div className="flex size-10 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
                <FlaskConical aria-hidden className="size-5" />
              </div>
              <p className="font-medium text-sm">No test messages yet</p>
              <p className="max-w-xs text-balance text-muted-foreground text-xs">
                Ask about a product, a price or an order and see which tools {employee.name} calls.
              </p>
            </div>
          ) : (
            <ol aria-label="Test conversation" aria-live="polite" className="flex flex-col gap-4">
              {turns.map((turn) => (
                <PlaygroundTurn key={turn.message.id} turn={turn} employee={employee} />
              ))}
              {sending !== null ? (
                <>
                  <StaffTestMessage content={sending} />
                  <ThinkingMessage employee={employee} />
                </>
              ) : null}
            </ol>
          )}
        </div>
        <form
          onSubmit={send}
          className="border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
          aria-label="Test message"
        >
          <div className="flex items-end gap-2">
            <Textarea
              ref={textarea}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={`Message ${employee.name}…`}
              aria-label="Test message"
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={tooLong || undefined}
              disabled={sending !== null}
              rows={1}
              className="max-h-40 min-h-9 flex-1 py-[0.4375rem]"
            />
            <Button type="submit" disabled={!canSend}>
              {sending !== null ? <Spinner /> : <SendHorizontal aria-hidden />}
              Send
            </Button>
          </div>
          <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
            <p id={hintId} className="text-muted-foreground">
              <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line. </span>
              The answer can take up to 30 s.
            </p>
            {content.length >= COUNTER_FROM ? (
              <p className={cn("shrink-0 tabular-nums", tooLong ? "text-destructive" : "text-muted-foreground")}>
                {content.length.toLocaleString("en-US")} / {MESSAGE_MAX_LENGTH.toLocaleString("en-US")}
              </p>
            ) : null}
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-1.5 text-destructive text-xs" data-testid="playground-error">
              Your message was not sent: {error}
            </p>
          ) : null}
        </form>
      </LazySheetContent>
    </LazySheet>
  );
}
