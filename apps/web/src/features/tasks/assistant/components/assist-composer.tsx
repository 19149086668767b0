import { ANSWER_MAX_LENGTH } from "@foreman/contract";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";

// The send box of a thread: Enter sends, Shift+Enter starts a new line. A failed send keeps the text
// (the assist call has already said so in a toast) so nothing typed is lost.

type AssistComposerProps = {
  aiName: string;
  /** Resolves when sent; rejects when not (the text then stays). */
  onSend: (text: string) => Promise<unknown>;
};

export function AssistComposer({ aiName, onSend }: AssistComposerProps) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const hintId = useId();
  const trimmed = text.trim();
  const tooLong = trimmed.length > ANSWER_MAX_LENGTH;
  const canSend = trimmed !== "" && !tooLong && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(trimmed);
      setText("");
    } catch {
      // Reported by the assist call; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={submit} className="border-t bg-background p-3 sm:p-4" aria-label="Reply">
      <div className="flex items-end gap-2">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          readOnly={sending}
          rows={1}
          aria-label={`Reply to ${aiName}`}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          placeholder={`Reply to ${aiName}…`}
          className="max-h-40 min-h-10"
          data-testid="assist-input"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label="Send" className="size-10">
          {sending ? <Spinner /> : <SendHorizontal aria-hidden />}
        </Button>
      </div>
      <p id={hintId} className={tooLong ? "mt-1.5 text-destructive text-xs" : "mt-1.5 text-muted-foreground text-xs"}>
        {tooLong
          ? `Keep it to ${ANSWER_MAX_LENGTH.toLocaleString("en-US")} characters or fewer (${trimmed.length.toLocaleString("en-US")} now).`
          : `Enter to send, Shift+Enter for a new line. Sending answers the task; ${aiName} passes it on.`}
      </p>
    </form>
  );
}
