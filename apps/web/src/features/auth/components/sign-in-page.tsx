import { Link, useNavigate } from "@tanstack/react-router";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { postAuthDestination } from "../safe-redirect.ts";
import { SignInForm } from "./sign-in-form.tsx";

export function SignInPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Sign in to Foreman"
      description="Welcome back. Sign in to see what your AI employees have been up to."
      footer={
        <>
          New to Foreman?{" "}
          <Link
            to="/sign_up"
            search={{ redirect }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm onSignedIn={() => navigate({ href: postAuthDestination(redirect), replace: true })} />
    </AuthLayout>
  );
}
