import {
  canManage,
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_TYPES,
  type MemberCompany,
} from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { meQueryOptions } from "#web/lib/me.ts";
import { toast } from "#web/lib/toast-store.ts";
import { initials } from "#web/lib/utils.ts";
import { removeCompanyLogo, uploadCompanyLogo } from "../logo-api.ts";
import { ProfileCard } from "./profile-card.tsx";

const ACCEPT = LOGO_TYPES.join(",");
// Some systems give no type for a file: then its name is the only hint before the server reads its bytes.
const LOGO_NAME = /\.(png|jpe?g|webp)$/i;

/** The contract's refusal for a file the server would refuse too, or null: checked before sending it. */
function logoFileProblem(file: Pick<File, "name" | "size" | "type">): string | null {
  const knownType = (LOGO_TYPES as readonly string[]).includes(file.type);
  if (!knownType && !(file.type === "" && LOGO_NAME.test(file.name))) return LOGO_NOT_AN_IMAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/**
 * The selected company's logo (inside a CompanyGate): owners and admins upload or remove it, members
 * see it and who can change it. The switcher shows the change as soon as /app/me.json is read again.
 */
export function CompanyLogoCard() {
  const companyId = useCompanyId();
  const query = useQuery(meQueryOptions());
  const company = query.data?.managedCompanies.find((item) => item.id === companyId);
  return (
    <ProfileCard
      title="Company logo"
      description={
        company
          ? `Shown in the company switcher to everyone in ${company.name}.`
          : "Shown in the company switcher to everyone in the company."
      }
      data-testid="company-logo-card"
    >
      {company ? (
        <LogoEditor company={company} />
      ) : query.error ? (
        <QueryError
          title="Couldn't load the company"
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      ) : (
        <div role="status" aria-label="Loading the company logo" className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-lg" />
          <Skeleton className="h-9 w-32" />
        </div>
      )}
    </ProfileCard>
  );
}

type Busy = "uploading" | "removing" | null;

function LogoEditor({ company }: { company: MemberCompany }) {
  const id = useId();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const manager = canManage(company.role);
  const hasLogo = company.logoSmallUrl !== null;

  async function upload(file: File) {
    const refusal = logoFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setBusy("uploading");
    try {
      await uploadCompanyLogo(queryClient, company.id, file);
      toast({ title: "Logo updated", description: "Everyone in the company sees it now.", variant: "success" });
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so the same file can be chosen again (after fixing it, or after removing the logo).
    event.target.value = "";
    if (file) void upload(file);
  }

  async function remove() {
    setBusy("removing");
    setProblem(null);
    try {
      await removeCompanyLogo(queryClient, company.id);
      setConfirming(false);
      toast({ title: "Logo removed", variant: "success" });
    } catch (error) {
      setConfirming(false);
      setProblem(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar className="size-16 rounded-lg border" data-testid="company-logo-preview">
          {company.logoSmallUrl ? <AvatarImage src={company.logoSmallUrl} alt={`${company.name} logo`} /> : null}
          <AvatarFallback className="rounded-lg bg-primary/12 font-semibold text-lg text-primary dark:bg-primary/20 dark:text-[oklch(0.8_0.1_280)]">
            <AvatarInitials value={initials(company.name)} />
          </AvatarFallback>
        </Avatar>
        {manager ? (
          <div className="grid min-w-0 flex-1 gap-2">
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Logo image file"
              aria-describedby={`${id}-hint`}
              disabled={busy !== null}
              onChange={choose}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={busy !== null}
                onClick={() => inputRef.current?.click()}
                aria-describedby={`${id}-hint`}
                className="max-sm:flex-1"
              >
                {busy === "uploading" ? <Spinner /> : <ImageUp aria-hidden />}
                {busy === "uploading" ? "Uploading…" : "Upload logo"}
              </Button>
              {hasLogo ? (
                <Button
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => setConfirming(true)}
                  className="max-sm:flex-1"
                >
                  <Trash2 aria-hidden />
                  Remove
                </Button>
              ) : null}
            </div>
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              PNG, JPEG or WebP, at most 2 MB. It is cropped to a square.
            </p>
          </div>
        ) : (
          <p className="min-w-0 flex-1 text-muted-foreground text-sm">
            {hasLogo ? "" : "No logo yet: the company's initials show instead. "}Only owners and admins can change the
            logo.
          </p>
        )}
      </div>
      {busy === "uploading" ? (
        <p role="status" className="sr-only">
          Uploading the logo…
        </p>
      ) : null}
      <FormAlert message={problem} />
      <ConfirmDialog
        open={confirming}
        title="Remove the company logo?"
        description={`Everyone in ${company.name} sees its initials instead. You can upload a logo again at any time.`}
        confirmLabel="Remove logo"
        pending={busy === "removing"}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
