import {
  fieldErrors,
  TICKET_LIMITS,
  type TicketCommentVisibility,
  type TicketDetail,
  ticketCommentSchema,
  ticketDisplayId,
} from "@foreman/contract";
import { Send, StickyNote } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy } from "#web/components/ui/form-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { commentOnTicket } from "../api.ts";
import { useTicketChange } from "../use-ticket-change.ts";

const CHOICES: { value: TicketCommentVisibility; label: string }[] = [
  { value: "public", label: "Reply to client" },
  { value: "internal", label: "Internal note" },
];

/**
 * A reply sent to the client through the ticket's conversation (only when it has one), or an internal
 * note only staff see. The text stays when sending fails.
 */
export function TicketCommentForm({ ticket, announce }: { ticket: TicketDetail; announce: (message: string) => void }) {
  const id = useId();
  const companyId = useCompanyId();
  const change = useTicketChange(ticket.id, announce);
  const canReply = ticket.conversation !== null;
  const [visibility, setVisibility] = useState<TicketCommentVisibility>(canReply ? "public" : "internal");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | undefined>();
  const label = ticketDisplayId(ticket.number);
  const hint = canReply
    ? visibility === "public"
      ? `Sent to ${ticket.client?.fullName ?? "the client"} through the conversation; staff take it over from the AI.`
      : "Only staff see it, in the ticket's activity."
    : "This ticket has no conversation, so there is no one to reply to: notes stay with staff.";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketCommentSchema.safeParse({ body, visibility });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error)[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await change.mutateAsync({
        action: "comment",
        run: () => commentOnTicket(companyId, ticket.id, parsed.data.body, parsed.data.visibility),
        done: parsed.data.visibility === "public" ? `Reply sent on ${label}` : `Note added to ${label}`,
        failed: parsed.data.visibility === "public" ? "Couldn't send the reply" : "Couldn't add the note",
      });
      setBody("");
    } catch {
      // Said in a toast; the text stays to send again.
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2" data-testid="ticket-comment-form">
      <fieldset className="m-0 border-0 p-0">
        <legend className="sr-only">Reply or note</legend>
        <div className="inline-flex rounded-lg bg-muted p-1">
          {CHOICES.map((choice) => {
            const selected = choice.value === visibility;
            const disabled = choice.value === "public" && !canReply;
            return (
              <button
                key={choice.value}
                type="button"
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => setVisibility(choice.value)}
                className={cn(
                  "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 font-medium text-muted-foreground text-xs outline-none transition-colors",
                  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50",
                  selected && "bg-background text-foreground shadow-xs dark:bg-input/30",
                )}
              >
                {choice.value === "internal" ? <StickyNote aria-hidden className="size-3" /> : null}
                {choice.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <label htmlFor={`${id}-body`} className="sr-only">
        {visibility === "public" ? "Reply to the client" : "Internal note"}
      </label>
      <Textarea
        id={`${id}-body`}
        value={body}
        rows={3}
        maxLength={TICKET_LIMITS.comment}
        placeholder={visibility === "public" ? "Write a reply…" : "Write a note for staff…"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-body`, error, hint)}
        onChange={(event) => setBody(event.target.value)}
        className={cn("min-h-20", visibility === "internal" && "border-warning/40 bg-warning/5 dark:bg-warning/10")}
      />
      <p id={`${id}-body-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-body-error`} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : visibility === "public" ? <Send aria-hidden /> : <StickyNote aria-hidden />}
          {visibility === "public" ? "Send reply" : "Add note"}
        </Button>
      </div>
    </form>
  );
}
