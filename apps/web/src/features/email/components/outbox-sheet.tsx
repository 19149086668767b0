import type { OutboundMail } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Inbox, TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LazySheet, LazySheetContent, LazySheetDescription, LazySheetTitle } from "#web/components/ui/lazy-sheet.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";
import { OUTBOX_PER_PAGE, outboxQueryOptions } from "../email-api.ts";
import { OutboundMailBadge, outboundMailNote } from "./outbound-mail-state.tsx";

// Its own chunk (email-card.tsx loads it on first use): every mail Foreman sent or keeps for the
// company, newest first, page by page, each with its state and why. Owners and admins only.

type OutboxSheetProps = {
  companyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function OutboxSheet({ companyId, open, onOpenChange }: OutboxSheetProps) {
  // Opened from a card's button, not a Radix trigger: focus goes back to it by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <LazySheet open={open} onOpenChange={onOpenChange}>
      <LazySheetContent
        className="w-full sm:max-w-xl"
        data-testid="outbox-sheet"
        onOpenAutoFocus={(event: Event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          // The sheet itself, so its title and description are read first.
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        onCloseAutoFocus={(event: Event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <div className="space-y-1.5 border-b p-4 pr-12">
          <LazySheetTitle>Outbox</LazySheetTitle>
          <LazySheetDescription className="text-xs leading-relaxed">
            Every mail sent for your company, newest first: replies to customers and test mails, with whether each left.
          </LazySheetDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          <Outbox companyId={companyId} />
        </div>
      </LazySheetContent>
    </LazySheet>
  );
}

function Outbox({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(outboxQueryOptions(companyId, page));
  const data = query.data;
  if (query.error && !data)
    return (
      <QueryError title="Couldn't load the outbox" error={query.error} onRetry={() => void query.refetch()} size="sm" />
    );
  if (!data) return <OutboxLoading />;
  const pages = Math.max(1, Math.ceil(data.total / OUTBOX_PER_PAGE));
  const first = data.total === 0 ? 0 : (page - 1) * OUTBOX_PER_PAGE + 1;
  const last = Math.min(data.total, page * OUTBOX_PER_PAGE);
  return (
    <div className="grid gap-4">
      {data.smtpConfigured ? null : (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm"
          data-testid="no-smtp-notice"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-[oklch(0.47_0.12_58)] dark:text-warning" />
          <span>
            <span className="font-medium">No SMTP server is set,</span>{" "}
            <span className="text-muted-foreground">
              so mail is kept here unsent. Set SMTP_URL on the server and restart it to send.
            </span>
          </span>
        </p>
      )}
      {data.outboundMails.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No mail yet"
          description="Replies your AI employees send by email, and test mails, appear here."
          className="py-10"
        />
      ) : (
        <ol
          aria-label="Outbound mails"
          className={cn("grid gap-2 transition-opacity", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {data.outboundMails.map((mail) => (
            <OutboundMailRow key={mail.id} mail={mail} />
          ))}
        </ol>
      )}
      {data.total > OUTBOX_PER_PAGE ? (
        <nav aria-label="Outbox pages" className="flex items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
            {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {data.total.toLocaleString("en-US")}
            <span className="sr-only">
              {" "}
              mails, page {page} of {pages}
            </span>
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

function OutboundMailRow({ mail }: { mail: OutboundMail }) {
  const note = outboundMailNote(mail);
  const at = mail.sentAt ?? mail.createdAt;
  return (
    <li className="grid gap-1.5 rounded-lg border p-3 text-sm" data-testid="outbound-mail" data-state={mail.state}>
      <div className="flex min-w-0 items-center gap-2">
        <OutboundMailBadge state={mail.state} />
        <span className="min-w-0 flex-1 truncate font-medium" title={mail.subject}>
          {mail.subject || "(no subject)"}
        </span>
        <time dateTime={at} title={exactDateTime(at)} className="shrink-0 text-muted-foreground text-xs tabular-nums">
          {relativeTime(at)}
        </time>
      </div>
      <p className="min-w-0 truncate text-muted-foreground text-xs" title={`To ${mail.to}, from ${mail.from}`}>
        To <span className="text-foreground">{mail.to}</span> · from {mail.from}
      </p>
      {note ? (
        <p
          className={cn(
            "break-words text-xs",
            mail.state === "failed" && "text-destructive",
            mail.state === "kept" && "text-[oklch(0.47_0.12_58)] dark:text-[oklch(0.87_0.15_85)]",
            mail.state === "queued" && "text-muted-foreground",
          )}
          data-testid="outbound-mail-note"
        >
          {note}
        </p>
      ) : null}
      {mail.text ? (
        <details className="group text-xs">
          <summary className="w-fit cursor-pointer rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
            Show the text
          </summary>
          <p className="mt-1.5 max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-2.5 [overflow-wrap:anywhere]">
            {mail.text}
          </p>
        </details>
      ) : null}
    </li>
  );
}

function OutboxLoading() {
  return (
    <div role="status" aria-label="Loading the outbox" className="grid gap-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-2 rounded-lg border p-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
