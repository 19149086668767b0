import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { AUTH_PAGE_LINK_CLASS, type RenderAuthPageLink } from "./auth-page-link.ts";
import { SignUpForm } from "./sign-up-form.tsx";

type SignUpPageProps = {
  renderLink: RenderAuthPageLink;
  /** Goes on to where the visitor was headed. */
  onSignedUp: () => void | Promise<void>;
};

export function SignUpPage({ renderLink, onSignedUp }: SignUpPageProps) {
  return (
    <AuthLayout
      title="Create your Foreman account"
      description="Set up your company and start managing your AI employees."
      footer={
        <>
          Already have an account?{" "}
          {renderLink({ to: "/sign_in", className: AUTH_PAGE_LINK_CLASS, children: "Sign in" })}
        </>
      }
    >
      <SignUpForm onSignedUp={onSignedUp} />
    </AuthLayout>
  );
}
