import { useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { profileQueryOptions } from "../api.ts";
import { CompanyLogoCard } from "./company-logo-card.tsx";
import { PasswordCard } from "./password-card.tsx";
import { PersonalDetailsCard } from "./personal-details-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { SignInEmailCard } from "./sign-in-email-card.tsx";
import { TwoFactorCard } from "./two-factor/two-factor-card.tsx";

/** /profile: the signed-in user's own account, then their company's logo (owners and admins). */
export function ProfilePage() {
  const query = useQuery(profileQueryOptions());
  const profile = query.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Profile"
        description="Your account: your name, how you sign in, and where you are signed in."
      />
      <div className="grid max-w-3xl gap-6">
        {query.error && !profile ? (
          <QueryError title="Couldn't load your profile" error={query.error} onRetry={() => void query.refetch()} />
        ) : !profile ? (
          <div role="status" aria-label="Loading your profile" className="grid gap-6">
            <Skeleton className="h-52 w-full rounded-xl" />
            <Skeleton className="h-36 w-full rounded-xl" />
            <Skeleton className="h-36 w-full rounded-xl" />
          </div>
        ) : (
          <>
            <PersonalDetailsCard profile={profile} />
            <SignInEmailCard profile={profile} />
            <PasswordCard profile={profile} />
          </>
        )}
        <TwoFactorCard />
        <SessionsCard />
        {/* A user without a company has no logo to set. */}
        <CompanyGate>
          <CompanyLogoCard />
        </CompanyGate>
      </div>
    </div>
  );
}
