import {
  CHANNEL_LABELS,
  CONVERSATION_STATUS_LABELS,
  type ConversationDetail,
  formatLongDate,
  formatMoney,
  messageDateTime,
  orderAmount,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Bot, ChevronRight, Mail, Phone, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { OrderStatusBadge } from "#web/components/badges/order-status-badge.tsx";
import { cn } from "#web/lib/utils.ts";
import { ChannelIcon } from "./channel-icon.tsx";

// Beside the thread: the lead (stage, need, deal size) and its quotes, the customer, who answers
// (the AI employee or the staff member who took over) and the conversation's own facts.

export function ConversationDetails({
  conversation,
  className,
}: {
  conversation: ConversationDetail;
  className?: string;
}) {
  const { lead, customer, quotes, aiEmployee } = conversation;
  return (
    <div className={cn("divide-y text-sm", className)} data-testid="conversation-details">
      <Section title="Lead">
        {lead ? (
          <dl className="space-y-2.5">
            <Row label="Stage">
              <LeadStageBadge stage={lead.stage} />
            </Row>
            <Row label="Deal size">
              <span className="font-medium tabular-nums" data-testid="deal-size">
                {formatMoney(orderAmount(lead.dealSizeCents), lead.currency)}
              </span>
            </Row>
            <div>
              <dt className="text-muted-foreground">Need</dt>
              <dd className="mt-0.5 break-words">
                {lead.need ?? <span className="text-muted-foreground">Not stated</span>}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-muted-foreground">No lead for this conversation.</p>
        )}
      </Section>

      <Section title="Quotes">
        {quotes.length > 0 ? (
          <ul className="-mx-2 space-y-0.5">
            {quotes.map((quote) => (
              <li key={quote.id}>
                <Link
                  to="/orders/$orderId"
                  params={{ orderId: quote.id }}
                  className="flex items-center gap-2 rounded-md px-2 py-1.5 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  data-testid="conversation-quote"
                >
                  <span className="font-medium tabular-nums">#{quote.number}</span>
                  <OrderStatusBadge state={quote.state} />
                  <span className="ml-auto font-medium tabular-nums">
                    {formatMoney(orderAmount(quote.totalCents), quote.currency)}
                  </span>
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No quotes yet.</p>
        )}
      </Section>

      <Section title="Customer">
        {customer ? (
          <div className="space-y-2">
            <div>
              <p className="break-words font-medium">{customer.fullName}</p>
              <p className="break-words text-muted-foreground">{customer.organization ?? "No organization"}</p>
            </div>
            <ul className="space-y-1.5">
              <ContactLine
                icon={<Mail aria-hidden className="size-3.5" />}
                href={customer.email ? `mailto:${customer.email}` : null}
              >
                {customer.email ?? "No email"}
              </ContactLine>
              <ContactLine
                icon={<Phone aria-hidden className="size-3.5" />}
                href={customer.phone ? `tel:${customer.phone}` : null}
              >
                {customer.phone ?? "No phone"}
              </ContactLine>
            </ul>
          </div>
        ) : (
          <p className="text-muted-foreground">No customer information found.</p>
        )}
      </Section>

      <Section title="Handled by">
        <HandledBy conversation={conversation} />
        {aiEmployee && conversation.handledBy === "staff" ? (
          <p className="mt-2 text-muted-foreground">
            AI employee: <span className="text-foreground">{aiEmployee.name}</span>
          </p>
        ) : null}
      </Section>

      <Section title="Conversation">
        <dl className="space-y-2">
          <Row label="Channel">
            <span className="inline-flex items-center gap-1.5">
              <ChannelIcon channel={conversation.channel} labelled={false} />
              {CHANNEL_LABELS[conversation.channel]}
            </span>
          </Row>
          {conversation.whatsapp?.phoneNumber ? (
            <Row label="WhatsApp">
              <a
                href={`tel:${conversation.whatsapp.phoneNumber.replace(/[^\d+]/g, "")}`}
                className="rounded-sm tabular-nums outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="whatsapp-number"
              >
                {conversation.whatsapp.phoneNumber}
              </a>
            </Row>
          ) : null}
          <Row label="Status">{CONVERSATION_STATUS_LABELS[conversation.status]}</Row>
          <Row label="Number">
            <span className="tabular-nums">#{conversation.displayId}</span>
          </Row>
          <Row label="Started">{formatLongDate(conversation.createdAt)}</Row>
        </dl>
      </Section>
    </div>
  );
}

function HandledBy({ conversation }: { conversation: ConversationDetail }) {
  if (conversation.handledBy === "staff") {
    const since = messageDateTime(conversation.takenOverAt);
    return (
      <div className="flex items-start gap-2.5" data-testid="handled-by">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-info/12 text-info">
          <UserRound aria-hidden className="size-4" />
        </span>
        <div>
          <p className="font-medium">{conversation.takenOverBy?.name ?? "Staff"}</p>
          <p className="text-muted-foreground text-xs">
            Took over from the AI{since ? ` on ${since.date} at ${since.time}` : ""}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2.5" data-testid="handled-by">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Bot aria-hidden className="size-4" />
      </span>
      <div>
        <p className="font-medium">{conversation.aiEmployee?.name ?? "AI employee"}</p>
        <p className="text-muted-foreground text-xs">The AI employee is answering</p>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="px-5 py-4">
      <h2 className="mb-3 font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}

function ContactLine({ icon, href, children }: { icon: ReactNode; href: string | null; children: ReactNode }) {
  const body = (
    <>
      <span className="text-muted-foreground">{icon}</span>
      <span className="truncate">{children}</span>
    </>
  );
  return (
    <li>
      {href ? (
        <a
          href={href}
          className="flex min-w-0 items-center gap-2 rounded-sm text-foreground outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {body}
        </a>
      ) : (
        <span className="flex min-w-0 items-center gap-2 text-muted-foreground">{body}</span>
      )}
    </li>
  );
}
