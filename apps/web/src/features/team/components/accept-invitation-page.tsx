import {
  type Company,
  formatLongDate,
  INVITATION_INVALID,
  INVITATION_OTHER_EMAIL,
  type InvitationPreview,
} from "@foreman/contract";
import { LogIn, LogOut, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { acceptInvitationHref } from "#web/lib/invitation-links.ts";
import { lookupInvitationOutcome } from "#web/lib/invitation-lookup.ts";
import type { RenderPageLink } from "#web/lib/page-link.ts";
import { useInvitationLookup } from "#web/lib/use-invitation-lookup.ts";
import { initials } from "#web/lib/utils.ts";
import { acceptInvitation } from "../invitation-api.ts";
import { ROLE_LABELS, roleWithArticle } from "../team-rules.ts";

// An invitation link's page (`/accept_invitation?token=…`), signed in or out. It shows what the link is
// for, then the one way on: join (signed in with the invited address), sign out (another address), sign
// in (the address has an account) or create the account (it has none).

/** What a signed-in viewer can do. */
export type SignedInActions = {
  /** After joining: select the company and go in. */
  onJoined: (company: Company) => Promise<void>;
  onSignOut: () => Promise<void>;
};

/** Who opened the link, as the route knows it. */
export type InvitationViewer =
  | { state: "signed_out" }
  | { state: "loading" }
  | ({ state: "signed_in"; email: string } & SignedInActions)
  | { state: "error"; error: unknown; retry: () => void };

type AcceptInvitationPageProps = {
  /** From the link; missing means a broken link. */
  token: string | undefined;
  viewer: InvitationViewer;
  /** The router's links in the app, plain ones on a cold load (lib/page-link.ts). */
  renderLink: RenderPageLink;
};

export function AcceptInvitationPage({ token, viewer, renderLink }: AcceptInvitationPageProps) {
  const [lookup, retry] = useInvitationLookup(token, lookupInvitationOutcome);

  if (!token || (lookup.state === "failed" && lookup.dead)) {
    return (
      <InvitationLayout title="This invitation can't be used">
        <p role="alert" className="text-muted-foreground">
          {lookup.state === "failed" ? lookup.message : INVITATION_INVALID}
        </p>
        <p className="text-muted-foreground text-sm">Ask whoever invited you to send the invitation again.</p>
        <LeaveLink signedIn={viewer.state === "signed_in"} renderLink={renderLink} />
      </InvitationLayout>
    );
  }
  if (lookup.state === "failed") {
    return (
      <InvitationLayout title="Your invitation">
        <FormAlert message={`Couldn't load the invitation. ${lookup.message}`} />
        <TryAgainButton onRetry={retry} />
      </InvitationLayout>
    );
  }
  if (lookup.state === "loading") {
    return (
      <InvitationLayout title="Your invitation">
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          Loading your invitation…
        </p>
      </InvitationLayout>
    );
  }
  const { preview } = lookup;
  return (
    <InvitationLayout
      title={`Join ${preview.companyName}`}
      description={
        preview.invitedBy
          ? `${preview.invitedBy} invited you to work in ${preview.companyName} on Foreman.`
          : `You are invited to work in ${preview.companyName} on Foreman.`
      }
    >
      <InvitationFacts preview={preview} />
      <NextStep token={token} preview={preview} viewer={viewer} renderLink={renderLink} />
    </InvitationLayout>
  );
}

function InvitationLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <AuthLayout title={title} description={description}>
      <div className="grid gap-5">{children}</div>
    </AuthLayout>
  );
}

function InvitationFacts({ preview }: { preview: InvitationPreview }) {
  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-4" data-testid="invitation-facts">
      <div className="flex min-w-0 items-center gap-3">
        {/* The company's tile as its switcher draws it; not the shell's CompanyLogo, which would then
            leave the shell's chunk for one of its own on every cold load. */}
        <Avatar className="size-10 rounded-md">
          {preview.companyLogoUrl ? <AvatarImage src={preview.companyLogoUrl} alt="" /> : null}
          <AvatarFallback className="rounded-md bg-primary/12 font-semibold text-primary text-xs dark:bg-primary/20">
            <AvatarInitials value={initials(preview.companyName)} />
          </AvatarFallback>
        </Avatar>
        <span className="min-w-0 truncate font-semibold" title={preview.companyName}>
          {preview.companyName}
        </span>
      </div>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Invited</dt>
        <dd className="truncate font-medium" title={preview.email}>
          {preview.email}
        </dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd className="font-medium">{ROLE_LABELS[preview.role]}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd>{formatLongDate(preview.expiresAt)}</dd>
      </dl>
    </div>
  );
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function NextStep({
  token,
  preview,
  viewer,
  renderLink,
}: {
  token: string;
  preview: InvitationPreview;
  viewer: InvitationViewer;
  renderLink: RenderPageLink;
}) {
  if (viewer.state === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner />
        Checking who is signed in…
      </p>
    );
  }
  if (viewer.state === "error") {
    return (
      <>
        <FormAlert message={`Couldn't tell who is signed in. ${describeError(viewer.error)}`} />
        <TryAgainButton onRetry={viewer.retry} />
      </>
    );
  }
  if (viewer.state === "signed_in") {
    return sameAddress(viewer.email, preview.email) ? (
      <JoinButton
        token={token}
        preview={preview}
        onJoined={viewer.onJoined}
        onSignOut={viewer.onSignOut}
        renderLink={renderLink}
      />
    ) : (
      <OtherAddress message={INVITATION_OTHER_EMAIL} signedInAs={viewer.email} onSignOut={viewer.onSignOut} />
    );
  }
  // Signed out: with an account, sign in and come back here; without, sign up with the address fixed.
  return preview.accountExists ? (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        {preview.email} already has a Foreman account. Sign in with it to join {preview.companyName}.
      </p>
      <Button asChild size="lg" className="w-full">
        {renderLink({
          to: "/sign_in",
          redirect: acceptInvitationHref(token),
          children: (
            <>
              <LogIn aria-hidden />
              Sign in to accept
            </>
          ),
        })}
      </Button>
    </div>
  ) : (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        Create your account for {preview.email} to join {preview.companyName} as {roleWithArticle(preview.role)}.
      </p>
      <Button asChild size="lg" className="w-full">
        {renderLink({
          to: "/sign_up",
          invitationToken: token,
          children: (
            <>
              <UserPlus aria-hidden />
              Create your account
            </>
          ),
        })}
      </Button>
    </div>
  );
}

function JoinButton({
  token,
  preview,
  onJoined,
  onSignOut,
  renderLink,
}: SignedInActions & { token: string; preview: InvitationPreview; renderLink: RenderPageLink }) {
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<{ status: number; message: string } | null>(null);

  async function join() {
    setJoining(true);
    setRefusal(null);
    try {
      await onJoined(await acceptInvitation(token));
    } catch (error) {
      setRefusal({ status: isApiError(error) ? error.status : 0, message: describeError(error) });
      setJoining(false);
    }
  }

  // The server knows best: another address (403) offers the way out; anything else is said as it is.
  if (refusal?.status === 403) return <OtherAddress message={refusal.message} onSignOut={onSignOut} />;
  return (
    <div className="grid gap-3">
      <FormAlert message={refusal?.message} />
      {refusal?.status === 410 ? (
        <LeaveLink signedIn renderLink={renderLink} />
      ) : (
        <Button size="lg" className="w-full" disabled={joining} onClick={() => void join()}>
          {joining ? <Spinner /> : null}
          {joining ? "Joining…" : `Join ${preview.companyName}`}
        </Button>
      )}
    </div>
  );
}

function OtherAddress({
  message,
  signedInAs,
  onSignOut,
}: {
  message: string;
  signedInAs?: string;
  onSignOut: () => Promise<void>;
}) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="grid gap-3">
      <FormAlert message={message} />
      {signedInAs ? (
        <p className="text-muted-foreground text-sm">
          You are signed in as <span className="font-medium text-foreground">{signedInAs}</span>.
        </p>
      ) : null}
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void onSignOut().finally(() => setSigningOut(false));
        }}
      >
        {signingOut ? <Spinner /> : <LogOut aria-hidden />}
        Sign out
      </Button>
    </div>
  );
}

/** Away from a dead link: into the app ("/" leads on to the dashboard), or to sign in. */
function LeaveLink({ signedIn, renderLink }: { signedIn: boolean; renderLink: RenderPageLink }) {
  return (
    <Button asChild variant="outline" className="w-full">
      {signedIn
        ? renderLink({ to: "/", children: "Go to your dashboard" })
        : renderLink({ to: "/sign_in", children: "Sign in" })}
    </Button>
  );
}
