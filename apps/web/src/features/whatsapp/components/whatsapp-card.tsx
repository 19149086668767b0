import {
  INTEGRATION_STATE_LABELS,
  type Integration,
  type IntegrationState,
  isTransitionalState,
  ONBOARDING_STEP_LABELS,
  ONBOARDING_STEPS,
  type WhatsappConnection,
  type WhatsappStatus,
} from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Info, MessageCircle, PlugZap, Unplug } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { IntegrationCard } from "#web/components/integrations/integration-card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { type SignupFlow, useWhatsappSignup } from "../use-whatsapp-signup.ts";
import {
  describeWhatsappError,
  disconnectWhatsapp,
  invalidateWhatsapp,
  useLiveWhatsapp,
  whatsappStatusQueryOptions,
} from "../whatsapp-api.ts";
import { AnsweredBySelect } from "./answered-by-select.tsx";
import { ConnectionDetails, CopyableValue } from "./connection-details.tsx";

type WhatsappCardProps = {
  /** The integrations list's entry: its name, what it does, and its state until the status arrives. */
  integration: Integration;
  canManage: boolean;
};

/**
 * WhatsApp in the integrations list: what the server still needs, the "Connect WhatsApp" signup, the
 * onboarding's progress or failure, and once connected the number's details, who answers it and a
 * way to disconnect.
 */
export function WhatsappCard({ integration, canManage }: WhatsappCardProps) {
  const companyId = useCompanyId();
  const query = useQuery(whatsappStatusQueryOptions(companyId));
  useLiveWhatsapp(companyId, "status");
  const flow = useWhatsappSignup(companyId);
  const status = query.data;
  const busy = flow.phase !== "idle";
  const state: IntegrationState = busy
    ? "connecting"
    : status
      ? (status.connection?.state ?? "disconnected")
      : integration.state;

  return (
    <IntegrationCard integration={integration} state={state} icon={MessageCircle}>
      {query.isPending ? (
        <div role="status" aria-label="Loading the WhatsApp status" className="space-y-2">
          <Skeleton className="h-4 w-full max-w-sm" />
          <Skeleton className="h-8 w-40" />
        </div>
      ) : status ? (
        <CardBody status={status} flow={flow} canManage={canManage} companyId={companyId} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <p className="inline-flex items-start gap-1.5 text-muted-foreground text-sm">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            WhatsApp is unavailable right now: its status could not be loaded.
          </p>
          <TryAgainButton size="sm" onRetry={() => void query.refetch()} />
        </div>
      )}
    </IntegrationCard>
  );
}

type BodyProps = { status: WhatsappStatus; flow: SignupFlow; canManage: boolean; companyId: string };

function CardBody({ status, flow, canManage, companyId }: BodyProps) {
  if (!status.configured || !status.signup) return <NotConfigured status={status} />;
  const signup = status.signup;
  const connection = status.connection;
  const failed = connection?.error ? connection.state !== "connected" : false;
  const serverBusy = connection !== null && isTransitionalState(connection.state) && !failed;
  const launch = () => flow.start(signup);

  if (flow.phase !== "idle" || serverBusy) return <Progress flow={flow} connection={connection} />;
  if (connection?.state === "connected") {
    return (
      <>
        <ConnectionDetails status={status} connection={connection} />
        <AnsweredBySelect companyId={companyId} connection={connection} canManage={canManage} />
        <Disconnect companyId={companyId} canManage={canManage} />
      </>
    );
  }
  const notice = flow.notice;
  return (
    <>
      {failed && connection ? (
        <Failure step={connection.step} error={connection.error ?? ""} />
      ) : notice ? (
        notice.tone === "error" ? (
          <Failure step={notice.step ?? null} error={notice.text} />
        ) : (
          <p role="status" className="inline-flex items-start gap-1.5 text-muted-foreground text-sm">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {notice.text}
          </p>
        )
      ) : (
        <p className="text-muted-foreground text-sm">
          Connecting opens Meta's signup in a popup: sign in with Facebook, choose or create your WhatsApp Business
          Account and the phone number your AI employees answer on.
        </p>
      )}
      {status.webhookUrl ? (
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
          <dt className="text-muted-foreground">Webhook URL</dt>
          <dd className="min-w-0">
            <CopyableValue value={status.webhookUrl} label="webhook URL" />
          </dd>
        </dl>
      ) : null}
      <ManagerOnly allowed={canManage}>
        <Button className="w-fit" size="sm" disabled={!canManage} onClick={launch}>
          <PlugZap aria-hidden />
          {failed || notice?.tone === "error" ? "Try again" : "Connect WhatsApp"}
        </Button>
      </ManagerOnly>
    </>
  );
}

function NotConfigured({ status }: { status: WhatsappStatus }) {
  return (
    <div className="space-y-2 rounded-lg border border-dashed bg-muted/30 p-3 text-sm" data-testid="integration-setup">
      <p>
        <span className="font-medium">To connect it: </span>
        <span className="text-muted-foreground">
          set these on the server from your Meta app (WhatsApp, embedded signup), then restart it. "Connect WhatsApp"
          appears here once they are set.
        </span>
      </p>
      {status.missing.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Environment variables">
          {status.missing.map((name) => (
            <li key={name}>
              <code className="rounded border bg-background px-1.5 py-0.5 font-mono text-xs">{name}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {status.webhookUrl ? (
        <div className="grid gap-1">
          <p className="text-muted-foreground">In the Meta app, set the webhook callback URL to:</p>
          <CopyableValue value={status.webhookUrl} label="webhook URL" />
        </div>
      ) : null}
    </div>
  );
}

/** "Step 3 of 6: Reading the phone number" while the server onboards; the popup's wait before that. */
function Progress({ flow, connection }: { flow: SignupFlow; connection: WhatsappConnection | null }) {
  const step = connection?.step ?? null;
  let text: ReactNode;
  if (flow.phase === "launching") {
    text = "Waiting for WhatsApp signup to finish in the popup…";
  } else if (connection && step && (flow.phase === "onboarding" || isTransitionalState(connection.state))) {
    const index = ONBOARDING_STEPS.indexOf(step) + 1;
    text = `Step ${index} of ${ONBOARDING_STEPS.length}: ${ONBOARDING_STEP_LABELS[step]}…`;
  } else if (flow.phase === "onboarding") {
    text = "Connecting your number…";
  } else {
    text = `${INTEGRATION_STATE_LABELS[connection?.state ?? "connecting"]}…`;
  }
  return (
    <p role="status" data-testid="whatsapp-progress" className="inline-flex items-center gap-2 text-sm">
      <Spinner className="text-muted-foreground" />
      {text}
    </p>
  );
}

function Failure({ step, error }: { step: WhatsappConnection["step"]; error: string }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-destructive text-sm"
    >
      <p className="inline-flex items-start gap-1.5 font-medium">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {step ? `Connecting stopped at “${ONBOARDING_STEP_LABELS[step]}”` : "WhatsApp could not be connected"}
      </p>
      <p className="mt-1 break-words pl-5.5">{error}</p>
    </div>
  );
}

function Disconnect({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function disconnect() {
    setPending(true);
    try {
      const status = await disconnectWhatsapp(companyId);
      setAsking(false);
      toast({ title: "WhatsApp disconnected", variant: "success" });
      await invalidateWhatsapp(queryClient, companyId, status);
    } catch (error) {
      toast({
        title: "WhatsApp could not be disconnected",
        description: describeWhatsappError(error),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <ManagerOnly allowed={canManage}>
        <Button
          variant="outline"
          size="sm"
          className={cn("w-fit", canManage && "text-destructive hover:text-destructive")}
          disabled={!canManage}
          onClick={() => setAsking(true)}
        >
          <Unplug aria-hidden />
          Disconnect
        </Button>
      </ManagerOnly>
      <ConfirmDialog
        open={asking}
        title="Disconnect WhatsApp?"
        description="Conversations stay; customers' new messages stop arriving until you connect again."
        confirmLabel="Disconnect"
        pending={pending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void disconnect()}
      />
    </>
  );
}
