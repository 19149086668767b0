import { messageDateTime, RECOVERY_CODE_COUNT, type TwoFactorStatus } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, ShieldCheck, ShieldOff, TriangleAlert } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";
import { twoFactorStatusQueryOptions } from "../../two-factor-api.ts";
import { ProfileCard } from "../profile-card.tsx";
import type { CodeCheckPurpose } from "./code-check-dialog.tsx";
import { listNames } from "./list-names.ts";

// The dialogs come in their own chunks, fetched when first wanted (pointing at a button starts it):
// most visits to the profile only read the card.
const loadTurnOn = () => import("./turn-on-dialog.tsx");
const loadCodeCheck = () => import("./code-check-dialog.tsx");
const TurnOnDialog = lazy(() => loadTurnOn().then((module) => ({ default: module.TurnOnDialog })));
const CodeCheckDialog = lazy(() => loadCodeCheck().then((module) => ({ default: module.CodeCheckDialog })));

/** Fewer recovery codes than this left: the card says to make new ones. */
const FEW_RECOVERY_CODES = 3;

type Dialog = "turn-on" | CodeCheckPurpose;
/** Mounted once first opened (so its chunk loads then) and kept for its closing animation; `opening` starts each afresh. */
type Overlay = { dialog: Dialog; open: boolean; opening: number } | null;

/** The profile's two-factor sign-in: whether it is on, since when, the recovery codes left, who requires it. */
export function TwoFactorCard() {
  const query = useQuery(twoFactorStatusQueryOptions());
  const [overlay, setOverlay] = useState<Overlay>(null);
  const status = query.data;
  const openDialog = (dialog: Dialog) =>
    setOverlay((current) => ({ dialog, open: true, opening: (current?.opening ?? 0) + 1 }));
  const close = () => setOverlay((current) => current && { ...current, open: false });

  return (
    <ProfileCard
      title="Two-factor sign-in"
      description="After your password, Foreman asks for a code from an authenticator app on your phone, so a leaked password alone does not open your account."
      action={
        status ? <Badge variant={status.enabled ? "success" : "muted"}>{status.enabled ? "On" : "Off"}</Badge> : null
      }
      data-testid="two-factor-card"
    >
      <div className="grid gap-4">
        {query.error && !status ? (
          <QueryError
            title="Couldn't load your two-factor settings"
            error={query.error}
            onRetry={() => void query.refetch()}
            size="sm"
          />
        ) : !status ? (
          <div role="status" aria-label="Loading your two-factor settings" className="grid gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-9 w-40" />
          </div>
        ) : (
          <StatusDetails
            status={status}
            onTurnOn={() => openDialog("turn-on")}
            onTurnOff={() => openDialog("turn-off")}
            onNewCodes={() => openDialog("new-codes")}
          />
        )}
      </div>
      {overlay ? (
        <Suspense fallback={null}>
          {overlay.dialog === "turn-on" ? (
            <TurnOnDialog key={overlay.opening} open={overlay.open} onClose={close} />
          ) : (
            <CodeCheckDialog
              key={overlay.opening}
              purpose={overlay.dialog}
              open={overlay.open}
              onClose={close}
              requiredBy={status?.requiredBy ?? []}
            />
          )}
        </Suspense>
      ) : null}
    </ProfileCard>
  );
}

type StatusDetailsProps = {
  status: TwoFactorStatus;
  onTurnOn: () => void;
  onTurnOff: () => void;
  onNewCodes: () => void;
};

function StatusDetails({ status, onTurnOn, onTurnOff, onNewCodes }: StatusDetailsProps) {
  const required = status.requiredBy;
  const requires = required.length === 1 ? "requires" : "require";
  if (!status.enabled) {
    return (
      <>
        {required.length > 0 ? (
          <Notice tone="warning">
            <span className="font-medium">
              {listNames(required)} {requires} two-factor sign-in.
            </span>{" "}
            Turn it on to keep working there.
          </Notice>
        ) : null}
        <div>
          <Button onPointerEnter={() => void loadTurnOn()} onFocus={() => void loadTurnOn()} onClick={onTurnOn}>
            <ShieldCheck aria-hidden />
            Turn on two-factor
          </Button>
        </div>
      </>
    );
  }

  const left = status.recoveryCodesLeft;
  const since = messageDateTime(status.enabledAt)?.date;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground text-sm">On since</dt>
          <dd className="mt-1 font-medium">{since ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Recovery codes</dt>
          <dd className={cn("mt-1 font-medium", left < FEW_RECOVERY_CODES && "text-destructive")}>
            {left} of {RECOVERY_CODE_COUNT} left
          </dd>
        </div>
        {required.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground text-sm">Required by</dt>
            <dd className="mt-1 break-words font-medium">{listNames(required)}</dd>
          </div>
        ) : null}
      </dl>
      {left < FEW_RECOVERY_CODES ? (
        <Notice tone={left === 0 ? "danger" : "warning"}>
          <span className="font-medium">
            {left === 0 ? "No recovery codes left." : `Only ${left} recovery code${left === 1 ? "" : "s"} left.`}
          </span>{" "}
          Make new ones, or losing your phone could lock you out.
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onPointerEnter={() => void loadCodeCheck()}
          onFocus={() => void loadCodeCheck()}
          onClick={onNewCodes}
        >
          <KeyRound aria-hidden />
          New recovery codes
        </Button>
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          onPointerEnter={() => void loadCodeCheck()}
          onFocus={() => void loadCodeCheck()}
          onClick={onTurnOff}
        >
          <ShieldOff aria-hidden />
          Turn off
        </Button>
      </div>
    </>
  );
}

function Notice({ tone, children }: { tone: "warning" | "danger"; children: ReactNode }) {
  return (
    <p
      role="note"
      className={cn(
        "flex items-start gap-2 rounded-lg border p-3 text-sm",
        tone === "warning" ? "border-warning/30 bg-warning/10" : "border-destructive/30 bg-destructive/10",
      )}
    >
      <TriangleAlert
        aria-hidden
        className={cn(
          "mt-0.5 size-4 shrink-0",
          tone === "warning" ? "text-[oklch(0.47_0.12_58)] dark:text-warning" : "text-destructive",
        )}
      />
      <span>{children}</span>
    </p>
  );
}
