import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { AUTH_PAGE_LINK_CLASS, type RenderAuthPageLink } from "./auth-page-link.ts";
import { SignInForm } from "./sign-in-form.tsx";

type SignInPageProps = {
  renderLink: RenderAuthPageLink;
  /** Goes on to where the visitor was headed. */
  onSignedIn: () => void | Promise<void>;
};

export function SignInPage({ renderLink, onSignedIn }: SignInPageProps) {
  return (
    <AuthLayout
      title="Sign in to Foreman"
      description="Welcome back. Sign in to see what your AI employees have been up to."
      footer={
        <>
          New to Foreman?{" "}
          {renderLink({ to: "/sign_up", className: AUTH_PAGE_LINK_CLASS, children: "Create an account" })}
        </>
      }
    >
      <SignInForm onSignedIn={onSignedIn} />
    </AuthLayout>
  );
}
