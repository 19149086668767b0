import type { Company } from "@foreman/contract";
import { Construction } from "lucide-react";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Avatar, AvatarFallback } from "#web/components/ui/avatar.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { initials } from "#web/lib/utils.ts";

type ProfileSummaryProps = {
  user: { firstName: string; lastName: string; email: string };
  company: Company | null;
};

/** The signed-in user's real name, email and company; editing comes later and says so. */
export function ProfileSummary({ user, company }: ProfileSummaryProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description="Your account in Foreman." />
      <Card className="max-w-2xl">
        <CardHeader className="flex flex-row items-center gap-4">
          <Avatar className="size-12">
            <AvatarFallback className="text-base">{initials(user.firstName, user.lastName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <CardTitle className="truncate text-lg">{fullName || user.email}</CardTitle>
            <CardDescription className="truncate">{user.email}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-1">
              <dt className="text-muted-foreground text-sm">Name</dt>
              <dd className="mt-1 font-medium">{fullName || "—"}</dd>
            </div>
            <div className="min-w-0 sm:col-span-1">
              <dt className="text-muted-foreground text-sm">Email</dt>
              <dd className="mt-1 truncate font-medium" title={user.email}>
                {user.email}
              </dd>
            </div>
            <div className="min-w-0 sm:col-span-1">
              <dt className="text-muted-foreground text-sm">Company</dt>
              <dd className="mt-1 truncate font-medium" title={company?.name}>
                {company?.name ?? "No company"}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <p className="flex max-w-2xl items-center gap-2 text-muted-foreground text-sm">
        <Construction className="size-4 shrink-0" aria-hidden />
        Editing your profile is not built yet.
      </p>
    </div>
  );
}
