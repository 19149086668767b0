import { normalizeCode } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { disableTwoFactor, invalidateTwoFactor, regenerateRecoveryCodes } from "../../two-factor-api.ts";
import { CodeField, type CodeKind, checkCode, codeRefusal } from "./code-field.tsx";
import { listNames } from "./list-names.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";

// Its own chunk (two-factor-card.tsx loads it on first use). Turning two-factor off and making new
// recovery codes each ask for a fresh code first: a stolen session alone cannot do either.

export type CodeCheckPurpose = "turn-off" | "new-codes";

type CodeCheckDialogProps = {
  purpose: CodeCheckPurpose;
  open: boolean;
  onClose: () => void;
  /** The user's companies that require two-factor sign-in: turning it off shuts them out of these. */
  requiredBy: readonly string[];
};

const COPY = {
  "turn-off": {
    title: "Turn off two-factor sign-in?",
    description: "Your password alone will sign you in. Enter a code to confirm it is you.",
    action: "Turn off",
  },
  "new-codes": {
    title: "Make new recovery codes?",
    description: "Your current recovery codes stop working and 10 new ones are shown once. Enter a code to confirm.",
    action: "Make new codes",
  },
} as const;

export function CodeCheckDialog({ purpose, open, onClose, requiredBy }: CodeCheckDialogProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const copy = COPY[purpose];
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      title={codes ? "Save your new recovery codes" : copy.title}
      description={codes ? "Your old recovery codes no longer work." : copy.description}
      data-testid={`two-factor-${purpose}`}
    >
      {!open ? null : codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : (
        <CodeCheckForm purpose={purpose} requiredBy={requiredBy} onCancel={onClose} onCodes={setCodes} />
      )}
    </DialogFrame>
  );
}

function CodeCheckForm({
  purpose,
  requiredBy,
  onCancel,
  onCodes,
}: {
  purpose: CodeCheckPurpose;
  requiredBy: readonly string[];
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<CodeKind>("app");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = checkCode(kind, code);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const typed = kind === "app" ? normalizeCode(code) : code.trim();
      if (purpose === "turn-off") {
        await disableTwoFactor(typed);
        toast({ title: "Two-factor sign-in is off", variant: "success" });
        onCancel();
      } else {
        const { recoveryCodes } = await regenerateRecoveryCodes(typed);
        onCodes(recoveryCodes);
      }
      void invalidateTwoFactor(queryClient);
    } catch (refused) {
      const { fields, message } = codeRefusal(refused);
      setError(fields.code);
      setFailure(message ?? null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {purpose === "turn-off" && requiredBy.length > 0 ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-[oklch(0.47_0.12_58)] dark:text-warning" />
          <span>
            {listNames(requiredBy)} {requiredBy.length === 1 ? "requires" : "require"} two-factor sign-in: you will not
            be able to work in {requiredBy.length === 1 ? "it" : "them"} until you turn it on again.
          </span>
        </p>
      ) : null}
      <CodeField
        id={`${id}-code`}
        kind={kind}
        value={code}
        onChange={setCode}
        onKindChange={(next) => {
          setKind(next);
          setError(undefined);
        }}
        error={error}
        disabled={saving}
      />
      <FormAlert message={failure} />
      <DialogActions
        actionLabel={COPY[purpose].action}
        actionVariant={purpose === "turn-off" ? "destructive" : "default"}
        pending={saving}
        onCancel={onCancel}
      />
    </form>
  );
}
