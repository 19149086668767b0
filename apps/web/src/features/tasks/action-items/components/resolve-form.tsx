import {
  ANSWER_MAX_LENGTH,
  APPROVER_ROLE_REQUIRED,
  type ResolutionBody,
  type Task,
  type TaskDecision,
} from "@foreman/contract";
import { Check, Clock, Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { isSendShortcut, sendShortcutLabel } from "#web/features/tasks/keyboard.ts";
import { readDraft, writeDraft } from "../drafts.ts";

// The answer box and actions of an action item: a question needs an answer (Answer, or Ctrl/⌘+Enter);
// an authorization is authorized or left pending, with an optional note for the AI employee. The
// shortcut only answers questions: authorizing commits the company (a discount, an exception) and is
// always an explicit click or key press on its button.

/** Shown from this many characters on, so the limit never comes as a surprise. */
const COUNTER_FROM = ANSWER_MAX_LENGTH - 200;

export function validateAnswer(task: Pick<Task, "actionType">, text: string): string | null {
  const answer = text.trim();
  if (task.actionType === "question" && answer === "") return "Write an answer before sending it.";
  if (answer.length > ANSWER_MAX_LENGTH) {
    return `Keep it to ${ANSWER_MAX_LENGTH.toLocaleString("en-US")} characters or fewer.`;
  }
  return null;
}

/** The resolution to send: a question's answer, or a decision with the note when there is one. */
export function resolutionFor(task: Pick<Task, "actionType">, text: string, decision?: TaskDecision): ResolutionBody {
  const answer = text.trim();
  if (task.actionType === "question") return { answer };
  return { decision: decision ?? "authorized", ...(answer ? { answer } : {}) };
}

type ResolveFormProps = {
  task: Task;
  /** Past due: nothing can be sent any more. */
  expired: boolean;
  onResolve: (task: Task, body: ResolutionBody) => void;
  /**
   * Whether the user may decide an authorize item (owners and admins; members when the company allows
   * it). When not, its buttons are disabled and the hint says why; questions anyone may answer.
   */
  canApprove?: boolean;
};

export function ResolveForm({ task, expired, onResolve, canApprove = true }: ResolveFormProps) {
  const [text, setText] = useState(() => readDraft(task.id));
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ids = { field: useId(), hint: useId(), error: useId() };
  const question = task.actionType === "question";
  const aiName = task.aiEmployee?.name ?? "the AI employee";
  // An authorization only an approver may decide: nothing to type or press for anyone else.
  const locked = expired || (!question && !canApprove);

  const change = (value: string) => {
    setText(value);
    writeDraft(task.id, value);
    if (error) setError(null);
  };

  const send = (decision?: TaskDecision) => {
    if (locked) return;
    const problem = validateAnswer(task, text);
    if (problem) {
      setError(problem);
      textarea.current?.focus();
      return;
    }
    onResolve(task, resolutionFor(task, text, decision));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (question) send();
  };

  const describedBy = [error ? ids.error : null, ids.hint].filter(Boolean).join(" ");
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={question ? "Answer" : "Decision"} noValidate>
      <label htmlFor={ids.field} className="font-medium text-sm">
        {question ? "Your answer" : `Note for ${aiName}`}
        {question ? null : <span className="font-normal text-muted-foreground"> (optional)</span>}
      </label>
      <Textarea
        ref={textarea}
        id={ids.field}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (question && isSendShortcut(event)) {
            event.preventDefault();
            send();
          }
        }}
        disabled={locked}
        required={question}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        placeholder={question ? `Type the answer ${aiName} should give` : "Add context or conditions"}
        className="max-h-60 min-h-20"
        data-testid="answer-box"
      />
      {error ? (
        <p id={ids.error} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p id={ids.hint} className="text-muted-foreground text-xs">
          {expired ? (
            "Past its due time: it can no longer be answered here."
          ) : locked ? (
            <span data-testid="approver-required">{APPROVER_ROLE_REQUIRED}.</span>
          ) : question ? (
            <>
              <kbd className="font-sans">{sendShortcutLabel()}</kbd> to send
              {text.length >= COUNTER_FROM ? <Counter length={text.length} /> : null}
            </>
          ) : text.length >= COUNTER_FROM ? (
            <Counter length={text.length} />
          ) : (
            `${aiName} passes your decision on to the customer.`
          )}
        </p>
        <div className="flex gap-2 sm:justify-end">
          {question ? (
            <Button type="submit" disabled={expired} className="flex-1 sm:flex-none">
              <Send aria-hidden />
              Answer
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                disabled={locked}
                onClick={() => send("left_pending")}
                className="flex-1 sm:flex-none"
              >
                <Clock aria-hidden />
                Leave pending
              </Button>
              <Button disabled={locked} onClick={() => send("authorized")} className="flex-1 sm:flex-none">
                <Check aria-hidden />
                Authorize
              </Button>
            </>
          )}
        </div>
      </div>
    </form>
  );
}

function Counter({ length }: { length: number }) {
  const over = length > ANSWER_MAX_LENGTH;
  return (
    <span className={over ? "ml-2 text-destructive" : "ml-2"}>
      {length.toLocaleString("en-US")} / {ANSWER_MAX_LENGTH.toLocaleString("en-US")}
    </span>
  );
}
