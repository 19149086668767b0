import { normalizeCode, type RecoveryCodes as RecoveryCodeList } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError, isApiError, isClientError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { enableTwoFactor, invalidateTwoFactor, twoFactorSetupQueryOptions } from "../../two-factor-api.ts";
import { CodeField, checkCode, codeRefusal } from "./code-field.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { SecretKey } from "./secret-key.tsx";

// Its own chunk (two-factor-card.tsx loads it on first use). Step 1: scan the QR code (or type the key)
// and confirm with a code — two-factor is not on until then. Step 2: the recovery codes, shown once.

type TurnOnDialogProps = { open: boolean; onClose: () => void };

export function TurnOnDialog({ open, onClose }: TurnOnDialogProps) {
  const [codes, setCodes] = useState<RecoveryCodeList["recoveryCodes"] | null>(null);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      title={codes ? "Save your recovery codes" : "Turn on two-factor sign-in"}
      description={
        codes
          ? "Two-factor sign-in is on. If you lose your phone, a recovery code is the only way in without it."
          : "After your password, Foreman will ask for a code from an authenticator app on your phone."
      }
      data-testid="turn-on-two-factor"
    >
      {/* Mounted only while open: each opening asks for a new secret. */}
      {!open ? null : codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : (
        <SetupStep onCancel={onClose} onEnabled={setCodes} />
      )}
    </DialogFrame>
  );
}

function SetupStep({ onCancel, onEnabled }: { onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const setup = useQuery(twoFactorSetupQueryOptions());
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = checkCode("app", code);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const { recoveryCodes } = await enableTwoFactor(normalizeCode(code));
      onEnabled(recoveryCodes);
      toast({ title: "Two-factor sign-in is on", variant: "success" });
      void invalidateTwoFactor(queryClient);
    } catch (refused) {
      const { fields, message } = codeRefusal(refused);
      setError(fields.code);
      setFailure(message ?? null);
    } finally {
      setSaving(false);
    }
  };

  const alreadyOn = isApiError(setup.error) && setup.error.status === 409;
  // Turned on meanwhile (another tab): the card behind should say so.
  useEffect(() => {
    if (alreadyOn) void invalidateTwoFactor(queryClient);
  }, [alreadyOn, queryClient]);

  if (setup.error) {
    // On already, or the server cannot keep secrets (no key): trying again will not help.
    const unavailable = isApiError(setup.error) && setup.error.body.error === "two_factor_unavailable";
    const final = unavailable || isClientError(setup.error);
    // The server says what it lacks (its status may be a 5xx, which otherwise reads as a generic apology).
    const message =
      unavailable && isApiError(setup.error) && setup.error.body.errorDescription
        ? setup.error.body.errorDescription
        : describeError(setup.error);
    return (
      <div className="grid gap-4">
        <FormAlert message={message} />
        <DialogFooter>
          {final ? null : <TryAgainButton onRetry={() => void setup.refetch()} />}
          <Button variant={final ? "default" : "outline"} onClick={onCancel}>
            Close
          </Button>
        </DialogFooter>
      </div>
    );
  }

  if (!setup.data) {
    return (
      <div role="status" aria-label="Preparing your QR code" className="grid justify-items-center gap-4 py-2">
        <Skeleton className="size-48" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <section aria-labelledby={`${id}-scan`} className="grid gap-3">
        <h3 id={`${id}-scan`} className="font-medium text-sm">
          1. Scan this QR code with your authenticator app
        </h3>
        <p className="text-muted-foreground text-sm">
          Google Authenticator, Microsoft Authenticator, 1Password and most password managers can read it.
        </p>
        {/* White behind the code in dark mode too: scanners need the contrast. */}
        <img
          src={setup.data.qrCodeDataUrl}
          alt="QR code that adds Foreman to your authenticator app"
          width={192}
          height={192}
          className="size-48 justify-self-center rounded-lg border bg-white p-2"
        />
        <div className="grid gap-1.5">
          <p className="text-muted-foreground text-sm">Can't scan it? Type this setup key into the app instead:</p>
          <SecretKey secret={setup.data.secret} />
        </div>
      </section>
      <section aria-labelledby={`${id}-confirm`} className="grid gap-3">
        <h3 id={`${id}-confirm`} className="font-medium text-sm">
          2. Enter the code the app shows
        </h3>
        <CodeField id={`${id}-code`} kind="app" value={code} onChange={setCode} error={error} disabled={saving} />
      </section>
      <FormAlert message={failure} />
      <DialogActions actionLabel="Turn on" pending={saving} onCancel={onCancel} />
    </form>
  );
}
