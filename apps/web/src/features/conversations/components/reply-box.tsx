import { ATTACHMENT_ACCEPT, MESSAGE_MAX_LENGTH } from "@foreman/contract";
import { Clock3, FileText, ImageIcon, Paperclip, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/utils.ts";
import { isWindowClosedError } from "../api.ts";
import { addPickedFiles, pickedFileType } from "../attachment-files.ts";
import { formatFileSize } from "../file-size.ts";
import { exactDateTime, isWindowOpenNow, type ReplyWindow, timeLeft, windowClosedSentence } from "../reply-window.ts";
import { SendTemplateButton } from "./send-template-button.tsx";

// The staff reply: Enter sends, Shift+Enter starts a new line, files can be attached. While it sends,
// the box is locked; if sending fails, the text and files stay and the reason is shown. In a WhatsApp
// conversation the box says how long free text may still be sent (24 hours after the customer's last
// message); once that window has closed, or the server said so, only a template can go out: the box
// says so and offers one, keeping what was typed.

/** How often the window's countdown (and whether it has closed) is looked at again. */
const WINDOW_TICK_MS = 30_000;

/** Show the length counter from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

type ReplyBoxProps = {
  onSend: (content: string, files: File[]) => Promise<void>;
  /** The AI employee still answers: sending takes over, and the box says so. */
  aiHandled: boolean;
  aiName?: string | null;
  /** A WhatsApp conversation's reply window; null or absent for other channels. */
  whatsapp?: ReplyWindow | null;
  /** Opens the send-a-template dialog (WhatsApp). */
  onSendTemplate?: () => void;
  className?: string;
};

/** The time now, looked at again every `everyMs` (null: not kept current). */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function ReplyBox({ onSend, aiHandled, aiName, whatsapp, onSendTemplate, className }: ReplyBoxProps) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();
  const noticeId = useId();
  const now = useNow(whatsapp ? WINDOW_TICK_MS : null);
  // The server refused free text as out of the window that closes (closed) at this time: it stays
  // closed until the customer writes again (a new closing time).
  const [refusedFor, setRefusedFor] = useState<string | null | undefined>(undefined);
  const closesAt = whatsapp?.windowClosesAt ?? null;
  const windowClosed =
    (refusedFor !== undefined && refusedFor === closesAt) || (whatsapp ? !isWindowOpenNow(whatsapp, now) : false);
  const content = text.trim();
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const canSend = content.length > 0 && !tooLong && !sending && !windowClosed;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      await onSend(content, files);
      setText("");
      setFiles([]);
      setProblems([]);
    } catch (failure) {
      // Out of WhatsApp's window: nothing was stored; the text stays and the box offers a template.
      if (isWindowClosedError(failure)) setRefusedFor(closesAt);
      else setError(describeError(failure));
    } finally {
      setSending(false);
      // The box was disabled while sending, which drops focus: give it back for the next message.
      requestAnimationFrame(() => textarea.current?.focus());
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is not a send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function pick(list: FileList | null) {
    if (!list) return;
    const result = addPickedFiles(files, Array.from(list));
    setFiles(result.files);
    setProblems(result.problems);
    if (fileInput.current) fileInput.current.value = "";
  }

  const describedBy = [hintId, windowClosed ? noticeId : null, error || problems.length > 0 ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <>
      {windowClosed ? (
        <div
          id={noticeId}
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t bg-warning/10 px-4 py-2 text-xs sm:px-5"
          data-testid="window-closed-notice"
        >
          <p className="flex min-w-0 flex-1 basis-56 items-start gap-2">
            <Clock3 aria-hidden className="mt-px size-3.5 shrink-0 text-warning-foreground dark:text-warning" />
            <span className="min-w-0 break-words">
              {windowClosedSentence(closesAt, now)} WhatsApp only allows an approved template now.
            </span>
          </p>
          {onSendTemplate ? <SendTemplateButton onClick={onSendTemplate} /> : null}
        </div>
      ) : null}
      <form
        onSubmit={send}
        className={cn(
          "border-t bg-background px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5",
          className,
        )}
        aria-label="Reply"
      >
        {files.length > 0 ? (
          <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Files to send">
            {files.map((file, index) => {
              const Icon = pickedFileType(file).startsWith("image/") ? ImageIcon : FileText;
              return (
                <li
                  key={`${file.name}:${file.size}`}
                  className="flex max-w-60 items-center gap-1.5 rounded-md border bg-muted/50 py-1 pr-1 pl-2 text-xs"
                >
                  <Icon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
                  <span className="truncate" title={file.name}>
                    {file.name}
                  </span>
                  <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
                  <button
                    type="button"
                    onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
                    disabled={sending}
                    className="rounded p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Remove ${file.name}`}
                  >
                    <X aria-hidden className="size-3.5" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="flex items-end gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="text-muted-foreground"
            onClick={() => fileInput.current?.click()}
            disabled={sending || windowClosed}
            aria-label="Attach files"
          >
            <Paperclip aria-hidden />
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => pick(event.target.files)}
            data-testid="reply-files"
          />
          <Textarea
            ref={textarea}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={windowClosed ? "Free text can't be sent now: send a template" : "Write a reply…"}
            aria-label="Reply"
            aria-describedby={describedBy}
            aria-invalid={tooLong || undefined}
            disabled={sending}
            rows={1}
            className="max-h-40 min-h-9 flex-1 py-[0.4375rem]"
          />
          <Button type="submit" size="icon" disabled={!canSend} aria-label={sending ? "Sending…" : "Send"}>
            {sending ? <Spinner /> : <SendHorizontal aria-hidden />}
          </Button>
        </div>
        <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs">
          <p id={hintId} className="text-muted-foreground">
            <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line. </span>
            {aiHandled ? `Sending takes over from ${aiName ?? "the AI employee"}.` : null}
          </p>
          {whatsapp && !windowClosed && closesAt ? (
            <WindowCountdown closesAt={closesAt} now={now} onSendTemplate={onSendTemplate} />
          ) : null}
          {content.length >= COUNTER_FROM ? (
            <p className={cn("shrink-0 tabular-nums", tooLong ? "text-destructive" : "text-muted-foreground")}>
              {content.length.toLocaleString("en-US")} / {MESSAGE_MAX_LENGTH.toLocaleString("en-US")}
            </p>
          ) : null}
        </div>
        {error || problems.length > 0 ? (
          <div id={errorId} role="alert" className="mt-1.5 space-y-0.5 text-destructive text-xs">
            {error ? <p>Your message was not sent: {error}</p> : null}
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        ) : null}
      </form>
    </>
  );
}

/** "Reply window closes in 5 h" (the exact time in a tooltip), and a way to a template all the same. */
function WindowCountdown({
  closesAt,
  now,
  onSendTemplate,
}: {
  closesAt: string;
  now: number;
  onSendTemplate?: () => void;
}) {
  const exact = exactDateTime(closesAt);
  return (
    <p className="flex shrink-0 items-center gap-1.5 text-muted-foreground" data-testid="window-countdown">
      <Clock3 aria-hidden className="size-3" />
      <span>
        Reply window closes in{" "}
        <LazyTooltip content={`WhatsApp allows free text until ${exact}`}>
          <time dateTime={closesAt} className="text-foreground tabular-nums">
            {timeLeft(closesAt, now)}
            <span className="sr-only"> ({exact})</span>
          </time>
        </LazyTooltip>
      </span>
      {onSendTemplate ? (
        <>
          <span aria-hidden>·</span>
          <button
            type="button"
            onClick={onSendTemplate}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            Send a template
          </button>
        </>
      ) : null}
    </p>
  );
}
