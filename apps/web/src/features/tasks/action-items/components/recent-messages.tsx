import { TASK_CONVERSATION_MESSAGES, type TaskMessage } from "@foreman/contract";
import { ChevronDown, Paperclip } from "lucide-react";
import { useId, useState } from "react";
import { MessageAvatar } from "#web/components/avatars/message-avatar.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";

// The end of the customer conversation an action item comes from, folded away until asked for: the
// question usually says enough, the messages are there when it does not.

export function RecentMessages({ messages }: { messages: readonly TaskMessage[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // The server sends as many as are shown; an older server or a lenient source may send more.
  const recent = messages.slice(-TASK_CONVERSATION_MESSAGES);
  if (recent.length === 0) return null;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 font-medium text-muted-foreground text-xs outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronDown aria-hidden className={cn("size-3.5 transition-transform", open ? "rotate-0" : "-rotate-90")} />
        {open ? "Hide recent messages" : `Show recent messages (${recent.length})`}
      </button>
      {open ? (
        <ol
          id={panelId}
          aria-label="Recent messages"
          className="mt-2 space-y-3 rounded-lg border bg-muted/40 p-3"
          data-testid="recent-messages"
        >
          {recent.map((message) => (
            <RecentMessage key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function RecentMessage({ message }: { message: TaskMessage }) {
  const exact = exactDateTime(message.createdAt);
  return (
    <li className="flex gap-2.5">
      <MessageAvatar senderType={message.senderType} name={message.senderName} src={message.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className="font-medium text-foreground">{message.senderName}</span>
          {message.senderType === "ai" ? <span className="text-muted-foreground">AI employee</span> : null}
          {exact ? (
            <time dateTime={message.createdAt ?? undefined} title={exact} className="text-muted-foreground">
              {relativeTime(message.createdAt)}
            </time>
          ) : null}
        </p>
        {message.content ? (
          <p className="mt-0.5 whitespace-pre-wrap break-words text-sm leading-relaxed">{message.content}</p>
        ) : null}
        {message.attachments.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex max-w-56 items-center gap-1 rounded-md border bg-background px-2 py-0.5 text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Paperclip aria-hidden className="size-3 shrink-0" />
                  <span className="truncate">{file.fileName}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
