import { Link, useNavigate } from "@tanstack/react-router";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { postAuthDestination } from "../safe-redirect.ts";
import { SignUpForm } from "./sign-up-form.tsx";

export function SignUpPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create your Foreman account"
      description="Set up your company and start managing your AI employees."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to="/sign_in"
            search={{ redirect }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm onSignedUp={() => navigate({ href: postAuthDestination(redirect), replace: true })} />
    </AuthLayout>
  );
}
