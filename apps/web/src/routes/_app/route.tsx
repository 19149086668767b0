import { isSessionValid, type Me, type MemberCompany, searchEmbed } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, Outlet, redirect, useLocation, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { FullScreenLoading } from "#web/components/feedback/full-screen-loading.tsx";
import { AppShell } from "#web/components/layout/app-shell.tsx";
import { useSignOut } from "#web/features/auth/use-sign-out.ts";
import { findSelectedCompany, meQueryOptions, reconcileCompanySelection } from "#web/features/companies/api.ts";
import { useCompanyUpdates } from "#web/features/companies/use-company-updates.ts";
import { useSwitchCompany } from "#web/features/companies/use-switch-company.ts";
import { LiveToasts } from "#web/features/notifications/components/live-toasts.tsx";
import { isUnauthorized } from "#web/lib/api-error.ts";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { CompanyTimeZone } from "#web/lib/company-time-zone.tsx";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { getSelectedCompany, useSelectedCompany } from "#web/lib/selected-company.ts";
import { readSession } from "#web/lib/session-cookie.ts";
import { LazyErrorScreen } from "../-lazy-feedback.tsx";

// Instead of the page when the company requires two-factor sign-in of a user without it: fetched only then.
const TwoFactorGate = lazy(() => import("#web/components/layout/two-factor-gate.tsx"));
// Only a company scheduled for deletion shows the banner: its code loads then, not with every page.
const DeletionBanner = lazy(() =>
  import("#web/components/layout/deletion-banner.tsx").then((m) => ({ default: m.DeletionBanner })),
);

// Every signed-in page lives under this layout: the guard, the user and company, the departments, the shell.
export const Route = createFileRoute("/_app")({
  beforeLoad: ({ location }) => {
    if (!isSessionValid(readSession())) {
      throw redirect({ to: "/sign_in", search: { redirect: location.href }, replace: true });
    }
  },
  loader: async ({ context: { queryClient }, location }) => {
    try {
      // The departments of the company chosen last time, asked for beside the user rather than after:
      // one round trip less before any signed-in page shows (on slow 4G, 150 ms and more). Only
      // used below once the user's companies confirm that choice; a refusal is dropped here.
      const stored = getSelectedCompany();
      if (stored) void queryClient.prefetchQuery(departmentsQueryOptions(stored.id));
      const me = await queryClient.ensureQueryData(meQueryOptions());
      const company = reconcileCompanySelection(me);
      const member = company ? findSelectedCompany(me, company.id) : null;
      // A company that requires two-factor refuses its data to this user until it is on: nothing to load.
      const departments =
        member && !twoFactorMissing(me, member)
          ? await queryClient.ensureQueryData(departmentsQueryOptions(member.id))
          : [];
      return { me, departments, error: null };
    } catch (error) {
      if (isUnauthorized(error)) throw redirect({ to: "/sign_in", search: { redirect: location.href }, replace: true });
      // The auth loader on failure returns no user and no departments; the layout shows the error.
      return { me: null, departments: [], error };
    }
  },
  pendingComponent: () => <FullScreenLoading message="Loading your workspace…" />,
  component: AppLayout,
});

/** The selected company requires two-factor sign-in and this user has not turned it on. */
function twoFactorMissing(me: Me, company: MemberCompany): boolean {
  return company.requireTwoFactor && !me.twoFactorEnabled;
}

function AppLayout() {
  const router = useRouter();
  const loaded = Route.useLoaderData();
  const meQuery = useQuery(meQueryOptions());
  useCompanyUpdates();
  const selected = useSelectedCompany();
  const me = meQuery.data ?? loaded.me;
  const company = me ? findSelectedCompany(me, selected?.id) : null;
  const gated = me !== null && company !== null && twoFactorMissing(me, company);
  const departmentsQuery = useQuery({
    ...departmentsQueryOptions(company?.id ?? ""),
    enabled: company !== null && !gated,
    // While a newly selected company's departments load, the rail keeps the previous ones.
    placeholderData: keepPreviousData,
  });
  const switchCompany = useSwitchCompany();
  const signOut = useSignOut();
  const embedded = useLocation({ select: isEmbeddedView });
  // On the first load the page under the shell renders after the shell has painted, in the background:
  // React then yields to the browser every few milliseconds instead of building the whole screen in
  // one task (half a second on a mid-range phone, during which a tap waited).
  const pageReady = useDeferredValue(true, false);

  // The stored selection can change under us (another tab, cleared storage): reconcile again.
  useEffect(() => {
    if (me && !company) reconcileCompanySelection(me);
  }, [me, company]);

  if (!me) {
    return <LazyErrorScreen error={meQuery.error ?? loaded.error} reset={() => router.invalidate()} />;
  }

  // The screens read the company from here (useCompanyId), not each from the stored selection.
  const outlet = pageReady ? <Outlet /> : null;
  const page = (
    <CompanyIdProvider companyId={company?.id ?? null}>
      {/* Every time on the pages is in the company's zone (Settings → General). */}
      <CompanyTimeZone timeZone={company?.timeZone}>
        {gated && company ? (
          <Suspense>
            <TwoFactorGate companyName={company.name}>{outlet}</TwoFactorGate>
          </Suspense>
        ) : (
          outlet
        )}
      </CompanyTimeZone>
    </CompanyIdProvider>
  );

  // The inbox frames a conversation (`?embed=1`): the page alone, without the shell around it.
  if (embedded) return page;

  return (
    <AppShell
      user={me}
      company={company}
      managedCompanies={me.managedCompanies}
      departments={company ? (departmentsQuery.data ?? loaded.departments) : []}
      onSwitchCompany={switchCompany}
      onSignOut={signOut}
    >
      {company?.deletionScheduledFor ? (
        <Suspense>
          <DeletionBanner company={company} />
        </Suspense>
      ) : null}
      {page}
      {/* Live events as toasts, for users who keep them on (Settings → Notifications). */}
      <LiveToasts />
    </AppShell>
  );
}

/** Only the conversation screens have an embeddable form. */
function isEmbeddedView(location: { pathname: string; search: unknown }): boolean {
  if (!location.pathname.startsWith("/conversations")) return false;
  return searchEmbed((location.search as Record<string, unknown>).embed) === 1;
}
