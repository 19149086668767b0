import { ATTACHMENT_ACCEPT, MESSAGE_MAX_LENGTH } from "@foreman/contract";
import { FileText, ImageIcon, Paperclip, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/utils.ts";
import { addPickedFiles, pickedFileType } from "../attachment-files.ts";
import { formatFileSize } from "../file-size.ts";

// The staff reply: Enter sends, Shift+Enter starts a new line, files can be attached. While it sends,
// the box is locked; if sending fails, the text and files stay and the reason is shown.

/** Show the length counter from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

type ReplyBoxProps = {
  onSend: (content: string, files: File[]) => Promise<void>;
  /** The AI employee still answers: sending takes over, and the box says so. */
  aiHandled: boolean;
  aiName?: string | null;
  className?: string;
};

export function ReplyBox({ onSend, aiHandled, aiName, className }: ReplyBoxProps) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();
  const content = text.trim();
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const canSend = content.length > 0 && !tooLong && !sending;

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
      setError(describeError(failure));
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

  return (
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
          disabled={sending}
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
          placeholder="Write a reply…"
          aria-label="Reply"
          aria-describedby={error || problems.length > 0 ? `${hintId} ${errorId}` : hintId}
          aria-invalid={tooLong || undefined}
          disabled={sending}
          rows={1}
          className="max-h-40 min-h-9 flex-1 py-[0.4375rem]"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={sending ? "Sending…" : "Send"}>
          {sending ? <Spinner /> : <SendHorizontal aria-hidden />}
        </Button>
      </div>
      <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
        <p id={hintId} className="text-muted-foreground">
          <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line. </span>
          {aiHandled ? `Sending takes over from ${aiName ?? "the AI employee"}.` : null}
        </p>
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
  );
}
