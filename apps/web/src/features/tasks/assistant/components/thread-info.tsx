import type { AssistantThread } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
// Building and ClipboardCheck, not the shell's Building2 and ListChecks: an icon shared with the shell is
// split out of the shell's download into a file of its own (costing its 150 KB budget).
import { Bot, Building, ClipboardCheck, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar, AvatarFallback, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { actionItemElementId } from "#web/features/tasks/action-items/element-ids.ts";
import { DueTime } from "#web/features/tasks/components/due-time.tsx";
import { ActionTypeBadge, DecisionBadge, TaskStateBadge } from "#web/features/tasks/components/task-badges.tsx";
import { ConversationLink, QuoteLink } from "#web/features/tasks/components/task-record-links.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { initials } from "#web/lib/utils.ts";

// The info panel (with the customer's role): who the customer is, what the task
// asks and where it stands, and the records it concerns.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 px-4 py-4" aria-label={title}>
      <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <dt className="shrink-0 text-muted-foreground [&>svg]:size-4">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}

const missing = (text: string) => <span className="text-muted-foreground">{text}</span>;
const linkClass =
  "rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

export function ThreadInfo({ thread }: { thread: AssistantThread }) {
  const { task, customer } = thread;
  const name = customer?.fullName ?? task.conversation.customerName;
  return (
    <div className="divide-y" data-testid="thread-info">
      <Section title="Customer">
        {name ? (
          <div className="flex items-center gap-3">
            <Avatar aria-hidden className="size-10">
              <AvatarFallback>
                <AvatarInitials value={initials(name)} />
              </AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <p className="truncate font-medium" title={name}>
                {name}
              </p>
              <Badge variant="secondary" className="mt-0.5" data-testid="customer-role">
                Customer
              </Badge>
            </div>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">No customer information found</p>
        )}
        {customer ? (
          <dl className="space-y-2">
            <Detail icon={<Mail aria-hidden />} label="Email">
              {customer.email ? (
                <a href={`mailto:${customer.email}`} className={linkClass} title={customer.email}>
                  {customer.email}
                </a>
              ) : (
                missing("No email")
              )}
            </Detail>
            <Detail icon={<Phone aria-hidden />} label="Phone">
              {customer.phone ? (
                <a href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                  {customer.phone}
                </a>
              ) : (
                missing("No phone")
              )}
            </Detail>
            <Detail icon={<Building aria-hidden />} label="Organization">
              {customer.organization ? (
                <span title={customer.organization}>{customer.organization}</span>
              ) : (
                missing("No organization found")
              )}
            </Detail>
          </dl>
        ) : null}
      </Section>

      <Section title="Task">
        <div className="flex flex-wrap items-center gap-2">
          <ActionTypeBadge actionType={task.actionType} />
          <TaskStateBadge state={task.state} />
          {task.decision ? <DecisionBadge decision={task.decision} /> : null}
        </div>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="thread-question">
          {task.question}
        </p>
        <dl className="space-y-1.5 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Due</dt>
            <dd>
              <DueTime dueAt={task.dueAt} />
            </dd>
          </div>
          {task.resolvedAt ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Resolved</dt>
              <dd className="truncate text-right">
                <time dateTime={task.resolvedAt} title={exactDateTime(task.resolvedAt)}>
                  {relativeTime(task.resolvedAt)}
                </time>
                {task.resolvedBy ? ` by ${task.resolvedBy.name}` : null}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">AI assistant</dt>
            <dd className="flex min-w-0 items-center gap-1.5">
              <Bot aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{task.aiEmployee?.name ?? "AI employee"}</span>
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Open tasks</dt>
            <dd className="tabular-nums">{thread.taskCount}</dd>
          </div>
        </dl>
        {task.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {task.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title="Related">
        <div className="flex flex-col items-start gap-2 text-sm">
          <ConversationLink task={task} />
          <QuoteLink task={task} />
          {task.state === "to_do" ? (
            <Link
              to="/action_items"
              hash={actionItemElementId(task.id)}
              className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-3.5"
            >
              <ClipboardCheck aria-hidden />
              Open in action items
            </Link>
          ) : null}
        </div>
      </Section>
    </div>
  );
}
