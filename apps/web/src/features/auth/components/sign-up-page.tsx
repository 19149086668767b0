import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useInvitationLookup } from "#web/lib/use-invitation-lookup.ts";
import { AUTH_PAGE_LINK_CLASS, type RenderAuthPageLink } from "./auth-page-link.ts";
import { FormAlert } from "./form-alert.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

type SignUpPageProps = {
  renderLink: RenderAuthPageLink;
  /** Goes on to where the visitor was headed. */
  onSignedUp: () => void | Promise<void>;
  /** From an invitation link (`?invitation_token=`): the account joins the inviting company. */
  invitationToken?: string;
};

export function SignUpPage({ renderLink, onSignedUp, invitationToken }: SignUpPageProps) {
  if (invitationToken) {
    return (
      <InvitedSignUpPage
        key={invitationToken}
        token={invitationToken}
        renderLink={renderLink}
        onSignedUp={onSignedUp}
      />
    );
  }
  return (
    <AuthLayout
      title="Create your Foreman account"
      description="Set up your company and start managing your AI employees."
      footer={<SignInInstead renderLink={renderLink} />}
    >
      <SignUpForm onSignedUp={onSignedUp} />
    </AuthLayout>
  );
}

function SignInInstead({ renderLink }: { renderLink: RenderAuthPageLink }) {
  return (
    <>Already have an account? {renderLink({ to: "/sign_in", className: AUTH_PAGE_LINK_CLASS, children: "Sign in" })}</>
  );
}

// The lookup's code (and the API client under it) is fetched only when an invitation link is opened:
// a plain /sign_up stays as lean as before.
const lookUp = (token: string) =>
  import("#web/lib/invitation-lookup.ts").then((module) => module.lookupInvitationOutcome(token));

const ROLE_NAMES = { owner: "an owner", admin: "an admin", member: "a member" } as const;

/**
 * Sign-up from an invitation: says which company it joins and who invited, with the invited address
 * fixed and no company of its own to name. A dead link says so; an address that already has an account
 * signs in instead (and comes back to the invitation to accept it).
 */
function InvitedSignUpPage({
  token,
  renderLink,
  onSignedUp,
}: {
  token: string;
  renderLink: RenderAuthPageLink;
  onSignedUp: () => void | Promise<void>;
}) {
  const [lookup, retry] = useInvitationLookup(token, lookUp);

  if (lookup.state === "loading") {
    return (
      <AuthLayout title="Your invitation" footer={<SignInInstead renderLink={renderLink} />}>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          Loading your invitation…
        </p>
      </AuthLayout>
    );
  }
  if (lookup.state === "failed") {
    return (
      <AuthLayout
        title={lookup.dead ? "This invitation can't be used" : "Your invitation"}
        footer={
          <>
            No invitation?{" "}
            {renderLink({ to: "/sign_up", className: AUTH_PAGE_LINK_CLASS, children: "Create a company account" })}
          </>
        }
      >
        <div className="grid gap-4">
          <FormAlert message={lookup.message} />
          {lookup.dead ? (
            <p className="text-muted-foreground text-sm">Ask whoever invited you to send the invitation again.</p>
          ) : (
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          )}
        </div>
      </AuthLayout>
    );
  }

  const { preview } = lookup;
  const invitedAs = `as ${ROLE_NAMES[preview.role]}`;
  return (
    <AuthLayout
      title={`Join ${preview.companyName}`}
      description={
        preview.invitedBy
          ? `${preview.invitedBy} invited you to ${preview.companyName} ${invitedAs}. Create your account to join.`
          : `You are invited to ${preview.companyName} ${invitedAs}. Create your account to join.`
      }
      footer={<SignInInstead renderLink={renderLink} />}
    >
      {preview.accountExists ? (
        <div className="grid gap-4">
          <p className="text-muted-foreground">
            <span className="font-medium text-foreground">{preview.email}</span> already has a Foreman account. Sign in
            with it to accept the invitation.
          </p>
          <Button asChild size="lg" className="w-full">
            {renderLink({ to: "/sign_in", className: "", children: "Sign in to accept" })}
          </Button>
        </div>
      ) : (
        <SignUpForm invitation={{ token, email: preview.email }} onSignedUp={onSignedUp} />
      )}
    </AuthLayout>
  );
}
