import type { EmailChannel, Integration } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox, Mail, Pencil, Plus, Power, PowerOff, Send, Trash2 } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { IntegrationCard } from "#web/components/integrations/integration-card.tsx";
import { IntegrationDetails, IntegrationSetupHint } from "#web/components/integrations/integration-facts.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { toast } from "#web/lib/toast-store.ts";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import {
  deleteEmailChannel,
  emailChannelsQueryOptions,
  invalidateEmailChannels,
  updateEmailChannel,
} from "../email-api.ts";
import { InboundAddress } from "./inbound-address.tsx";

// The dialogs and the outbox come in their own chunks, fetched when first wanted (pointing at the
// button starts it): most visits to the integrations only read the card.
const loadChannelDialog = () => import("./email-channel-dialog.tsx");
const loadTestMailDialog = () => import("./test-mail-dialog.tsx");
const loadOutboxSheet = () => import("./outbox-sheet.tsx");
const EmailChannelDialog = lazy(() => loadChannelDialog().then((module) => ({ default: module.EmailChannelDialog })));
const TestMailDialog = lazy(() => loadTestMailDialog().then((module) => ({ default: module.TestMailDialog })));
const OutboxSheet = lazy(() => loadOutboxSheet().then((module) => ({ default: module.OutboxSheet })));

type EmailCardProps = {
  integration: Integration;
  canManage: boolean;
  /** The signed-in user's address: where a test mail goes unless they change it. */
  userEmail?: string;
};

/** Mounted once first opened (so its chunk loads then), and kept for its closing animation. */
type Overlay<T> = { open: boolean; value: T } | null;

/**
 * Email in the integrations list: the company's email channels, each with the inbound address to
 * forward the support address to and who answers; adding and changing them, a test mail, and the outbox.
 */
export function EmailCard({ integration, canManage, userEmail = "" }: EmailCardProps) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery(emailChannelsQueryOptions(companyId));
  const { data: employees = [] } = useQuery({ ...employeeNamesQueryOptions(companyId), enabled: canManage });
  const { data: allDepartments = [] } = useQuery({ ...departmentsQueryOptions(companyId), enabled: canManage });
  // The rail adds placeholders for missing kinds; only real departments can answer.
  const departments = useMemo(() => allDepartments.filter((d) => !d.id.startsWith("fallback-")), [allDepartments]);
  const [editing, setEditing] = useState<Overlay<EmailChannel | null>>(null);
  const [testMail, setTestMail] = useState<Overlay<null>>(null);
  const [outbox, setOutbox] = useState<Overlay<null>>(null);
  const [deleting, setDeleting] = useState<EmailChannel | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // Offered once a channel exists (the server says so).
  const canSendTest = integration.actions.includes("send_test_mail");
  // Only what the server must be told (SMTP_URL): adding and switching channels is this card's own.
  const serverSetup = integration.setup && integration.setup.variables.length > 0;

  const setEnabled = async (channel: EmailChannel, enabled: boolean) => {
    setPending(channel.id);
    try {
      await updateEmailChannel(companyId, channel.id, { enabled });
      toast({ title: enabled ? `${channel.name} is on` : `${channel.name} is off`, variant: "success" });
      await invalidateEmailChannels(queryClient, companyId);
    } catch (error) {
      toast({ title: `Couldn't change ${channel.name}`, description: describeError(error), variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  const remove = async (channel: EmailChannel) => {
    setPending(channel.id);
    try {
      await deleteEmailChannel(companyId, channel.id);
      toast({ title: `${channel.name} removed`, variant: "success" });
      setDeleting(null);
      await invalidateEmailChannels(queryClient, companyId);
    } catch (error) {
      toast({ title: `Couldn't remove ${channel.name}`, description: describeError(error), variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  const channels = query.data?.emailChannels;
  return (
    <IntegrationCard integration={integration} state={integration.state} icon={Mail}>
      <IntegrationDetails details={integration.details} />
      {serverSetup ? <IntegrationSetupHint integration={integration} /> : null}
      {query.error && !channels ? (
        <QueryError title="Couldn't load the email channels" error={query.error} onRetry={() => void query.refetch()} />
      ) : !channels ? (
        <div role="status" aria-label="Loading the email channels" className="grid gap-2">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : channels.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No email channel yet. Add one, forward your support address to the inbound address it gets, and your AI
          employee answers the mail; the conversations appear in the inbox.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Email channels">
          {channels.map((channel) => (
            <li key={channel.id} data-testid="email-channel" className="grid gap-2.5 rounded-lg border p-3 text-sm">
              <div className="flex min-w-0 items-center gap-2">
                <span className="min-w-0 truncate font-medium" title={channel.name}>
                  {channel.name}
                </span>
                <Badge variant={channel.enabled ? "success" : "muted"}>{channel.enabled ? "On" : "Off"}</Badge>
              </div>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
                <dt className="text-muted-foreground">Inbound address</dt>
                <dd className="min-w-0 max-sm:mb-1.5">
                  <InboundAddress channel={channel} />
                </dd>
                <dt className="text-muted-foreground">Answered by</dt>
                <dd className="min-w-0 break-words max-sm:mb-1.5">
                  {channel.aiEmployee?.name ??
                    (channel.department ? `${channel.department.name} department` : "No one yet")}
                </dd>
                <dt className="text-muted-foreground">Conversations</dt>
                <dd className="tabular-nums">{channel.conversationsCount.toLocaleString("en-US")}</dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <ChannelAction
                  allowed={canManage}
                  icon={<Pencil aria-hidden />}
                  label="Edit"
                  channelName={channel.name}
                  onPointerEnter={() => void loadChannelDialog()}
                  onClick={() => setEditing({ open: true, value: channel })}
                />
                <ChannelAction
                  allowed={canManage}
                  busy={pending === channel.id}
                  icon={channel.enabled ? <PowerOff aria-hidden /> : <Power aria-hidden />}
                  label={channel.enabled ? "Switch off" : "Switch on"}
                  channelName={channel.name}
                  onClick={() => void setEnabled(channel, !channel.enabled)}
                />
                <ChannelAction
                  allowed={canManage}
                  busy={pending === channel.id}
                  icon={<Trash2 aria-hidden />}
                  label="Remove"
                  channelName={channel.name}
                  onClick={() => setDeleting(channel)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <ManagerOnly allowed={canManage}>
          <Button
            type="button"
            size="sm"
            disabled={!canManage || !channels}
            onPointerEnter={() => void loadChannelDialog()}
            onClick={() => setEditing({ open: true, value: null })}
          >
            <Plus aria-hidden />
            Add an email channel
          </Button>
        </ManagerOnly>
        {canSendTest ? (
          <ManagerOnly allowed={canManage}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={!canManage}
              onPointerEnter={() => void loadTestMailDialog()}
              onClick={() => setTestMail({ open: true, value: null })}
            >
              <Send aria-hidden />
              Send a test mail
            </Button>
          </ManagerOnly>
        ) : null}
        <ManagerOnly allowed={canManage}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!canManage}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadOutboxSheet()}
            onClick={() => setOutbox({ open: true, value: null })}
          >
            <Inbox aria-hidden />
            Outbox
          </Button>
        </ManagerOnly>
      </div>

      {editing ? (
        <Suspense fallback={null}>
          <EmailChannelDialog
            companyId={companyId}
            channel={editing.value}
            open={editing.open}
            onClose={() => setEditing((current) => current && { ...current, open: false })}
            employees={employees}
            departments={departments}
          />
        </Suspense>
      ) : null}
      {testMail ? (
        <Suspense fallback={null}>
          <TestMailDialog
            companyId={companyId}
            open={testMail.open}
            defaultTo={userEmail}
            onClose={() => setTestMail({ open: false, value: null })}
            onSent={() => setTestMail({ open: false, value: null })}
          />
        </Suspense>
      ) : null}
      {outbox ? (
        <Suspense fallback={null}>
          <OutboxSheet
            companyId={companyId}
            open={outbox.open}
            onOpenChange={(open) => setOutbox({ open, value: null })}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Remove ${deleting.name}?` : "Remove the email channel?"}
        description="Its inbound address stops taking mail at once: stop forwarding to it first. Its conversations stay in the inbox. This cannot be undone."
        confirmLabel="Remove"
        pending={deleting !== null && pending === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </IntegrationCard>
  );
}

/** One owner-and-admin action on a channel; members see it disabled with the reason (ManagerOnly). */
function ChannelAction({
  allowed,
  busy = false,
  icon,
  label,
  channelName,
  onClick,
  onPointerEnter,
}: {
  allowed: boolean;
  busy?: boolean;
  icon: ReactNode;
  label: string;
  channelName: string;
  onClick: () => void;
  onPointerEnter?: () => void;
}) {
  return (
    <ManagerOnly allowed={allowed}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!allowed || busy}
        onClick={onClick}
        onPointerEnter={onPointerEnter}
      >
        {icon}
        {label}
        <span className="sr-only"> {channelName}</span>
      </Button>
    </ManagerOnly>
  );
}
