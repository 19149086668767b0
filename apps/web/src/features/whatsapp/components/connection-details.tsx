import type { WhatsappConnection, WhatsappStatus } from "@foreman/contract";
import { Check, Copy } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { toast } from "#web/lib/toast-store.ts";
import { metaStatusLabel, QUALITY_LABELS, QUALITY_VARIANTS } from "../whatsapp-format.ts";

/** The spec's connection details: phone number, quality, last webhook, status, verified; and ours. */
export function ConnectionDetails({ status, connection }: { status: WhatsappStatus; connection: WhatsappConnection }) {
  return (
    <dl
      className="grid grid-cols-[max-content_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1.5 text-sm sm:gap-x-6"
      data-testid="whatsapp-details"
    >
      <Detail label="Phone number">
        <span className="font-medium">{connection.phoneNumber ?? "Not known yet"}</span>
        {connection.verifiedName ? <span className="text-muted-foreground"> · {connection.verifiedName}</span> : null}
      </Detail>
      <Detail label="Quality">
        <Badge variant={QUALITY_VARIANTS[connection.quality]} data-testid="whatsapp-quality">
          {QUALITY_LABELS[connection.quality]}
        </Badge>
      </Detail>
      <Detail label="Last webhook">
        <TimeAgo at={connection.lastWebhookAt} never="None received yet" />
      </Detail>
      <Detail label="Status">
        <span className="font-medium">{metaStatusLabel(connection.status)}</span>
      </Detail>
      <Detail label="Verified">
        <span className="font-medium">{connection.verified ? "Yes" : "No"}</span>
      </Detail>
      {status.webhookUrl ? (
        <Detail label="Webhook URL">
          <CopyableValue value={status.webhookUrl} label="webhook URL" />
        </Detail>
      ) : null}
      <Detail label="Templates synced">
        <TimeAgo at={connection.templatesSyncedAt} never="Not yet" />
      </Detail>
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** "5 minutes ago" with the exact date and time in a tooltip (and for screen readers, in the text). */
export function TimeAgo({ at, never, prefix = "" }: { at: string | null; never: string; prefix?: string }) {
  const relative = relativeTime(at);
  if (!at || !relative) return <span className="text-muted-foreground">{never}</span>;
  const exact = exactDateTime(at);
  return (
    <LazyTooltip content={exact}>
      <time dateTime={at} className="font-medium">
        {prefix}
        {relative}
        <span className="sr-only"> ({exact})</span>
      </time>
    </LazyTooltip>
  );
}

/** A value to paste elsewhere (the webhook URL into Meta's app), with a copy button. */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({
        title: `The ${label} could not be copied`,
        description: "Select it and copy it by hand.",
        variant: "destructive",
      });
    }
  }

  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <code className="min-w-0 truncate rounded border bg-background px-1.5 py-0.5 font-mono text-xs" title={value}>
        {value}
      </code>
      <Button
        variant="ghost"
        size="icon-sm"
        className="size-7 shrink-0"
        aria-label={copied ? `Copied the ${label}` : `Copy the ${label}`}
        onClick={() => void copy()}
      >
        {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? "Copied" : ""}
      </span>
    </span>
  );
}
