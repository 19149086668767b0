import { INVOICE_STATUS_LABELS, type Invoice, type InvoiceStatus } from "@foreman/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, ExternalLink, Receipt } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { formatCents } from "#web/lib/format-cents.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { fetchInvoicePdf, invoicePdfFilename, invoicesQueryOptions } from "../api.ts";
import { formatPeriod } from "../billing-dates.ts";

// One invoice a month that had a number: its number, month, total and status, with its PDF.

type Variant = NonNullable<BadgeProps["variant"]>;
const STATUS_VARIANT: Record<InvoiceStatus, Variant> = {
  not_charged: "muted",
  draft: "outline",
  open: "warning",
  paid: "success",
  uncollectible: "destructive",
  void: "muted",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="invoice-status" data-status={status}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function InvoicesCard({ companyId, charged }: { companyId: string; charged: boolean }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...invoicesQueryOptions(companyId, page), placeholderData: keepPreviousData });
  let body: ReactNode;
  if (query.error)
    body = (
      <QueryError
        title="Couldn't load the invoices"
        error={query.error}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  else if (!query.data)
    body = (
      <div className="grid gap-2" role="status">
        <span className="sr-only">Loading the invoices…</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  else if (query.data.invoices.length === 0)
    body = (
      <EmptyState
        icon={Receipt}
        title="No invoices yet"
        description="Each month that had a phone number gets an invoice here once it is over, with a PDF."
      />
    );
  else {
    const { total, perPage } = query.data;
    const pages = Math.max(1, Math.ceil(total / perPage));
    body = (
      <div className="grid gap-3">
        <div className={cn("overflow-hidden rounded-lg border", query.isPlaceholderData && "opacity-60")}>
          <Table aria-label="Invoices">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead scope="col" className="pl-3 sm:pl-4">
                  Invoice
                </TableHead>
                <TableHead scope="col" className="hidden sm:table-cell">
                  Period
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Total
                </TableHead>
                <TableHead scope="col" className="hidden sm:table-cell">
                  Status
                </TableHead>
                <TableHead scope="col" className="pr-2 text-right sm:pr-4">
                  <span className="sr-only">PDF</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} companyId={companyId} invoice={invoice} />
              ))}
            </TableBody>
          </Table>
        </div>
        {pages > 1 ? (
          <nav aria-label="Invoice pages" className="flex items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
              Page {page} of {pages}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft aria-hidden />
                Newer
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older
                <ChevronRight aria-hidden />
              </Button>
            </div>
          </nav>
        ) : null}
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="invoices">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Invoices</h2>
        </CardTitle>
        <CardDescription>
          {charged
            ? "One a month, charged to your card on file."
            : "One a month, computed from your numbers' days and not charged."}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function InvoiceRow({ companyId, invoice }: { companyId: string; invoice: Invoice }) {
  const download = useMutation({
    mutationFn: () => fetchInvoicePdf(companyId, invoice),
    onSuccess: (file) => saveFile(file, invoicePdfFilename(invoice)),
    onError: (error) =>
      toast({ title: "Couldn't download the PDF", description: describeError(error), variant: "destructive" }),
  });
  return (
    <TableRow data-testid="invoice-row" data-id={invoice.id}>
      <TableCell className="pl-3 sm:pl-4">
        <span className="block font-medium tabular-nums max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]">
          {invoice.number}
        </span>
        {/* On a phone the month and status go under the number: five columns do not fit. */}
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs sm:hidden">
          {formatPeriod(invoice.periodStart, invoice.periodEnd)}
          <InvoiceStatusBadge status={invoice.status} />
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">{formatPeriod(invoice.periodStart, invoice.periodEnd)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCents(invoice.totalCents, invoice.currency)}</TableCell>
      <TableCell className="hidden sm:table-cell">
        <InvoiceStatusBadge status={invoice.status} />
      </TableCell>
      <TableCell className="pr-2 text-right sm:pr-4">
        <div className="flex justify-end gap-1">
          {invoice.hostedUrl && invoice.status === "open" ? (
            <Button variant="ghost" size="sm" asChild>
              <a href={invoice.hostedUrl} target="_blank" rel="noreferrer noopener">
                Pay
                <ExternalLink aria-hidden className="max-sm:hidden" />
              </a>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => download.mutate()}
            disabled={download.isPending}
            aria-label={`Download invoice ${invoice.number} as PDF`}
            className="max-sm:px-2"
          >
            {download.isPending ? <Spinner /> : <Download aria-hidden />}
            <span className="max-sm:sr-only">PDF</span>
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
