import { AUTOMATED_MAIL_REASONS, type MessageEmail } from "@foreman/contract";
import { Bot, Download, FileX2, Mail } from "lucide-react";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { FRAME_MIN_HEIGHT } from "../email-frame-height.ts";
import { fetchOriginalMail, originalMailFilename } from "../email-original.ts";

// What an email message shows besides its new text: its subject (on the first mail of a subject), a
// notice when it was automated and so not answered, the attachments left out, and on demand its
// addresses, the quoted history cut from it, its formatted HTML (sandboxed) and its original (.eml).

// The sandboxed frame comes in its own chunk: most mails are read as text.
const loadFrame = () => import("./email-html-frame.tsx");
const EmailHtmlFrame = lazy(() => loadFrame().then((module) => ({ default: module.EmailHtmlFrame })));

/** "Pallet prices", above the first mail of a subject. */
export function EmailSubject({ subject, outgoing }: { subject: string; outgoing: boolean }) {
  return (
    <p
      className={cn("flex max-w-full items-center gap-1.5 px-1 font-semibold text-sm", outgoing && "flex-row-reverse")}
      data-testid="email-subject"
    >
      <Mail aria-hidden className="size-3.5 shrink-0 text-info" />
      <span className="sr-only">Subject: </span>
      <span className="min-w-0 break-words [overflow-wrap:anywhere]">{subject}</span>
    </p>
  );
}

/** Loop protection's reason: stored, shown, and not answered by the AI. */
export function AutomatedNotice({ reason }: { reason: NonNullable<MessageEmail["automated"]> }) {
  return (
    <p
      className="flex max-w-full items-start gap-1.5 rounded-md border border-warning/30 bg-warning/10 px-2.5 py-1.5 text-xs"
      data-testid="email-automated"
    >
      <Bot aria-hidden className="mt-px size-3.5 shrink-0 text-[oklch(0.47_0.12_58)] dark:text-warning" />
      <span className="min-w-0">
        <span className="font-medium">Automated: {AUTOMATED_MAIL_REASONS[reason]}.</span>{" "}
        <span className="text-muted-foreground">Not answered by the AI.</span>
      </span>
    </p>
  );
}

type Panel = "details" | "quoted" | "formatted";

type EmailMessagePartsProps = {
  messageId: string;
  email: MessageEmail;
  outgoing: boolean;
};

/** Under the bubble: the skipped attachments, then the toggles and what each one opens. */
export function EmailMessageParts({ messageId, email, outgoing }: EmailMessagePartsProps) {
  const id = useId();
  const [open, setOpen] = useState<Record<Panel, boolean>>({ details: false, quoted: false, formatted: false });
  const toggle = (panel: Panel) => setOpen((current) => ({ ...current, [panel]: !current[panel] }));
  const panelId = (panel: Panel) => `${id}-${panel}`;
  const align = outgoing ? "items-end" : "items-start";
  return (
    <div className={cn("flex w-full min-w-0 flex-col gap-1.5", align)} data-testid="email-parts">
      {email.skippedAttachments.length > 0 ? (
        <div className="max-w-full px-1 text-muted-foreground text-xs" data-testid="email-skipped-attachments">
          <p className="flex items-center gap-1">
            <FileX2 aria-hidden className="size-3.5 shrink-0" />
            {email.skippedAttachments.length === 1
              ? "1 attachment left out:"
              : `${email.skippedAttachments.length} attachments left out:`}
          </p>
          <ul className={cn("mt-0.5 list-disc pl-5", outgoing && "text-right")}>
            {email.skippedAttachments.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's words, which may repeat
              <li key={index} className="break-words [overflow-wrap:anywhere]">
                {item}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={cn("flex max-w-full flex-wrap gap-x-1 gap-y-0.5", outgoing && "justify-end")}>
        <Toggle expanded={open.details} controls={panelId("details")} onClick={() => toggle("details")}>
          {open.details ? "Hide addresses" : "From / To"}
        </Toggle>
        {email.quotedText ? (
          <Toggle expanded={open.quoted} controls={panelId("quoted")} onClick={() => toggle("quoted")}>
            {open.quoted ? "Hide quoted text" : "Show quoted text"}
          </Toggle>
        ) : null}
        {email.html ? (
          <Toggle
            expanded={open.formatted}
            controls={panelId("formatted")}
            onClick={() => toggle("formatted")}
            onPointerEnter={() => void loadFrame()}
          >
            {open.formatted ? "Hide formatted" : "View formatted"}
          </Toggle>
        ) : null}
        {email.originalUrl ? <DownloadOriginal messageId={messageId} originalUrl={email.originalUrl} /> : null}
      </div>
      {open.details ? (
        <dl
          id={panelId("details")}
          className="grid max-w-full grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-md border bg-background px-2.5 py-1.5 text-xs"
          data-testid="email-addresses"
        >
          <Address label="From" value={email.from} />
          <Address label="To" value={email.to.join(", ")} />
          {email.cc.length > 0 ? <Address label="Cc" value={email.cc.join(", ")} /> : null}
        </dl>
      ) : null}
      {open.quoted && email.quotedText ? (
        <p
          id={panelId("quoted")}
          className="max-h-72 max-w-full overflow-y-auto whitespace-pre-wrap break-words border-l-2 py-0.5 pl-3 text-left text-muted-foreground text-xs [overflow-wrap:anywhere]"
          data-testid="email-quoted-text"
        >
          {email.quotedText}
        </p>
      ) : null}
      {open.formatted && email.html ? (
        <div id={panelId("formatted")} className="w-[36rem] max-w-full">
          <Suspense fallback={<Skeleton className="w-full rounded-lg" style={{ height: FRAME_MIN_HEIGHT }} />}>
            <EmailHtmlFrame html={email.html} title={`Formatted mail: ${email.subject || "no subject"}`} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

function Address({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words [overflow-wrap:anywhere]">{value || "—"}</dd>
    </>
  );
}

const LINK_BUTTON =
  "inline-flex items-center gap-1 rounded px-1 py-0.5 text-[0.6875rem] text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

function Toggle({
  expanded,
  controls,
  onClick,
  onPointerEnter,
  children,
}: {
  expanded: boolean;
  controls: string;
  onClick: () => void;
  onPointerEnter?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={LINK_BUTTON}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      {children}
    </button>
  );
}

/** Fetched with the session (a plain link would carry none), then saved. */
function DownloadOriginal({ messageId, originalUrl }: { messageId: string; originalUrl: string }) {
  const companyId = useCompanyId();
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      saveFile(await fetchOriginalMail(companyId, originalUrl), originalMailFilename(messageId));
    } catch (error) {
      toast({
        title: "The original could not be downloaded",
        description: describeError(error),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }
  return (
    <button type="button" className={LINK_BUTTON} disabled={pending} onClick={() => void download()}>
      {pending ? <Spinner className="size-3" /> : <Download aria-hidden className="size-3" />}
      Download original
    </button>
  );
}
