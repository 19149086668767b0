import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  type Message,
  WINDOW_CLOSED_ERROR_CODES,
} from "@foreman/contract";
import { Check, CheckCheck, CircleAlert, Clock3, FileText, ListTree, type LucideIcon } from "lucide-react";
import { memo } from "react";
import { MessageAvatar } from "#web/components/avatars/message-avatar.tsx";
import { cn } from "#web/lib/utils.ts";
import type { MessageItem } from "../thread-items.ts";
import { AutomatedNotice, EmailMessageParts, EmailSubject } from "./email-message-parts.tsx";
import { MessageAttachments } from "./message-attachments.tsx";
import { SendTemplateButton } from "./send-template-button.tsx";

// One message of the thread. The customer writes on the left; the AI employee and staff answer on the
// right (the company's side), the AI in a tinted bubble, staff in the accent colour. Memoised: a new
// message must not re-render the hundreds already on screen. A reply the agent runtime wrote carries
// its run: an "AI runtime" mark by the sender and a Trace button that shows how it was reached. A
// message sent out through WhatsApp shows how far it got after its time (ticks, as WhatsApp draws
// them), and why it failed under it; one sent as a template names the template. A mail shows its
// subject when it starts one, and under the bubble its email parts (email-message-parts.tsx).

const ROLE_LABELS = { customer: "Customer", ai: "AI employee", staff: "Staff" } as const;

const BUBBLES = {
  customer: "bg-muted text-foreground",
  ai: "border border-primary/15 bg-primary/8 text-foreground dark:bg-primary/15",
  staff: "bg-primary text-primary-foreground",
} as const;

const DELIVERY_ICONS: Record<DeliveryStatus, LucideIcon> = {
  pending: Clock3,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  failed: CircleAlert,
};

const DELIVERY_TONES: Record<DeliveryStatus, string> = {
  pending: "text-muted-foreground",
  sent: "text-muted-foreground",
  delivered: "text-muted-foreground",
  read: "text-info",
  failed: "text-destructive",
};

/** WhatsApp refused the message because the 24-hour window had closed: only a template gets through. */
export const failedOutsideWindow = (message: Message) =>
  message.delivery?.status === "failed" &&
  (WINDOW_CLOSED_ERROR_CODES as readonly number[]).includes(message.delivery.errorCode ?? -1);

/** How far an outgoing WhatsApp message got: a clock, one tick, two, two in colour once read, or an alert. */
export function DeliveryIndicator({ status }: { status: DeliveryStatus }) {
  const Icon = DELIVERY_ICONS[status];
  const label = DELIVERY_STATUS_LABELS[status];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn("inline-flex shrink-0", DELIVERY_TONES[status])}
      data-testid="delivery-status"
      data-status={status}
    >
      <Icon aria-hidden className="size-3.5" />
    </span>
  );
}

type MessageRowProps = {
  item: MessageItem;
  /** Opens the trace of an AI reply's run; without it no Trace button is shown. Keep it stable. */
  onShowTrace?: (runId: string) => void;
  /** Opens the template dialog from a message WhatsApp refused outside its window. Keep it stable. */
  onSendTemplate?: () => void;
  /** An email thread's subject, on the message that starts it (see email-subjects.ts). */
  subject?: string | null;
};

export const MessageRow = memo(
  MessageRowView,
  (before, after) =>
    sameRow(before.item, after.item) &&
    before.onShowTrace === after.onShowTrace &&
    before.onSendTemplate === after.onSendTemplate &&
    (before.subject ?? null) === (after.subject ?? null),
);

/** The thread rebuilds its items on every change; a row re-renders only when what it shows changed. */
function sameRow(a: MessageItem, b: MessageItem): boolean {
  return (
    a.message === b.message &&
    a.first === b.first &&
    a.last === b.last &&
    a.time === b.time &&
    a.showTime === b.showTime
  );
}

function MessageRowView({ item, onShowTrace, onSendTemplate, subject }: MessageRowProps) {
  const { message, first, last, time, dateTime } = item;
  const outgoing = message.senderType !== "customer";
  const hasText = message.content.trim() !== "";
  const runId = message.senderType === "ai" ? message.agentRunId : null;
  const delivery = outgoing ? (message.delivery ?? null) : null;
  const email = message.email ?? null;
  return (
    <li
      className={cn(
        "flex gap-2.5 px-3 sm:px-5",
        outgoing && "flex-row-reverse",
        first ? "pt-3" : "pt-0.5",
        last && "pb-1",
      )}
      data-testid="message"
      data-message-id={message.id}
      data-sender-type={message.senderType}
    >
      <div className="w-7 shrink-0">
        {first ? (
          <MessageAvatar senderType={message.senderType} name={message.senderName} src={message.avatarUrl} />
        ) : null}
      </div>
      <div className={cn("flex min-w-0 max-w-[min(36rem,80%)] flex-col gap-1", outgoing ? "items-end" : "items-start")}>
        {first ? (
          <p className="flex items-baseline gap-1.5 px-1 text-xs">
            <span className="font-medium text-foreground" data-testid="message-sender">
              {message.senderName}
            </span>
            {message.senderType !== "customer" ? (
              <span className="text-muted-foreground">{ROLE_LABELS[message.senderType]}</span>
            ) : (
              <span className="sr-only">{ROLE_LABELS.customer}</span>
            )}
            {runId ? (
              <span
                className="inline-flex items-center self-center rounded border border-primary/20 bg-primary/8 px-1 font-medium text-[0.625rem] text-primary leading-4 dark:bg-primary/15 dark:text-[oklch(0.8_0.1_280)]"
                title="Written by the AI runtime"
                data-testid="ai-runtime-badge"
              >
                AI runtime
              </span>
            ) : null}
          </p>
        ) : null}
        {subject ? <EmailSubject subject={subject} outgoing={outgoing} /> : null}
        <div className={cn("flex max-w-full items-end gap-2", outgoing && "flex-row-reverse")}>
          <div className={cn("flex min-w-0 flex-col gap-1.5", outgoing ? "items-end" : "items-start")}>
            {hasText ? (
              <div
                className={cn(
                  "rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-xs",
                  BUBBLES[message.senderType],
                  first && (outgoing ? "rounded-tr-md" : "rounded-tl-md"),
                )}
              >
                <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]" data-testid="message-content">
                  {message.content}
                </p>
              </div>
            ) : null}
            {message.attachments.length > 0 ? (
              <MessageAttachments attachments={message.attachments} outgoing={outgoing} />
            ) : null}
          </div>
          {runId && onShowTrace ? (
            <button
              type="button"
              onClick={() => onShowTrace(runId)}
              className="mb-0.5 inline-flex shrink-0 items-center gap-1 rounded px-1 py-0.5 text-[0.6875rem] text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Trace of this AI reply"
              aria-haspopup="dialog"
              data-testid="show-trace"
            >
              <ListTree aria-hidden className="size-3" />
              Trace
            </button>
          ) : null}
          {time || delivery ? (
            // The same minute as the next message of the run: the time is written once, under the last
            // of them (ticks show on each).
            <span className={cn("flex shrink-0 items-center gap-1 pb-1", !item.showTime && !delivery && "sr-only")}>
              {time ? (
                <time
                  dateTime={message.createdAt ?? undefined}
                  title={dateTime ?? undefined}
                  className={cn(
                    "text-[0.6875rem] text-muted-foreground tabular-nums",
                    !item.showTime && delivery && "sr-only",
                  )}
                >
                  {time}
                </time>
              ) : null}
              {delivery ? <DeliveryIndicator status={delivery.status} /> : null}
            </span>
          ) : null}
        </div>
        {email?.automated ? <AutomatedNotice reason={email.automated} /> : null}
        {email ? <EmailMessageParts messageId={message.id} email={email} outgoing={outgoing} /> : null}
        {message.templateName ? (
          <p
            className="flex max-w-full items-center gap-1 px-1 text-[0.6875rem] text-muted-foreground"
            data-testid="template-caption"
          >
            <FileText aria-hidden className="size-3 shrink-0" />
            <span className="truncate">Template · {message.templateName}</span>
          </p>
        ) : null}
        {delivery?.status === "failed" ? (
          <div
            className={cn(
              "flex max-w-full flex-wrap items-center gap-x-2 gap-y-1 px-1",
              outgoing ? "justify-end" : "justify-start",
            )}
            data-testid="delivery-failure"
          >
            <p className={cn("min-w-0 break-words text-destructive text-xs", outgoing && "text-right")}>
              Not delivered: {delivery.error ?? "WhatsApp did not deliver this message."}
            </p>
            {onSendTemplate && failedOutsideWindow(message) ? <SendTemplateButton onClick={onSendTemplate} /> : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
