import { messageDateTime, type ThreadMessage } from "@foreman/contract";
import { useLayoutEffect, useRef } from "react";
import { MessageAvatar } from "#web/components/avatars/message-avatar.tsx";
import { cn } from "#web/lib/utils.ts";

// The assistant thread between the AI employee and staff (oldest → newest; the AI's question first):
// the AI on the left, staff on the right, a date line where the day changes. Opens scrolled to the end
// and follows new messages.

type Row = { message: ThreadMessage; day: string | null; time: string | null };

/** Each message with its time, and the day's label on the first message of each day. */
export function threadRows(messages: readonly ThreadMessage[], timeZone?: string): Row[] {
  let previousDay: string | null = null;
  return messages.map((message) => {
    const labels = messageDateTime(message.createdAt, timeZone);
    const day = labels && labels.date !== previousDay ? labels.date : null;
    if (labels) previousDay = labels.date;
    return { message, day, time: labels?.time ?? null };
  });
}

export function ThreadMessages({ messages }: { messages: readonly ThreadMessage[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the last message changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  return (
    <div ref={scroller} className="flex-1 overflow-y-auto px-4 py-4 sm:px-6" data-testid="thread-messages">
      <ol className="space-y-4" aria-label="Thread messages">
        {threadRows(messages).map(({ message, day, time }) => (
          <li key={message.id} className="space-y-4">
            {day ? (
              <div className="flex items-center gap-3 text-muted-foreground text-xs" aria-hidden>
                <span className="h-px flex-1 bg-border" />
                {day}
                <span className="h-px flex-1 bg-border" />
              </div>
            ) : null}
            <Bubble message={message} time={time} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Bubble({ message, time }: { message: ThreadMessage; time: string | null }) {
  const staff = message.authorType === "staff";
  return (
    <div
      className={cn("flex items-end gap-2.5", staff && "flex-row-reverse")}
      data-testid="thread-message"
      data-author={message.authorType}
    >
      <MessageAvatar senderType={message.authorType} name={message.authorName} />
      <div className={cn("flex min-w-0 max-w-[85%] flex-col gap-1 sm:max-w-[75%]", staff && "items-end")}>
        <p className="flex items-baseline gap-2 px-1 text-xs">
          <span className="font-medium">{message.authorName}</span>
          {staff ? null : <span className="text-muted-foreground">AI assistant</span>}
          {time ? (
            <time dateTime={message.createdAt} className="text-muted-foreground">
              {time}
            </time>
          ) : null}
        </p>
        <div
          className={cn(
            "whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed",
            staff ? "rounded-br-md bg-primary text-primary-foreground" : "rounded-bl-md bg-muted text-foreground",
          )}
        >
          {message.content}
        </div>
      </div>
    </div>
  );
}
