import type { ContextHelpKey } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { Bell, Building2, CreditCard, Lock, type LucideIcon, Plug, Settings2, UserRound, Users } from "lucide-react";
import { type ComponentType, lazy } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { PendingBoundary } from "#web/components/feedback/pending-view.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { GeneralSettings } from "#web/features/companies/components/general-settings.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";

// Every tab but General, the one a cold /settings opens on, is fetched when it is first shown (or
// pointed at): the seven tabs' code together was 81 files, all fetched and run before the page could
// draw on a phone.
const loadTeam = () => import("./-settings-tabs.tsx");
const loadIntegrations = () => import("./-integrations.tsx");
const loadProfile = () => import("#web/features/profile/components/profile-page.tsx");
const loadNotifications = () => import("#web/features/notifications/components/notification-settings.tsx");
const loadPrivacy = () => import("#web/features/privacy/components/privacy-settings.tsx");
const loadBilling = () => import("#web/features/billing/components/billing-settings.tsx");
const lazyTab = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));
const TeamTab = lazyTab(loadTeam, (m) => m.TeamTab);
const IntegrationsTab = lazyTab(loadIntegrations, (m) => m.IntegrationsTab);
const ProfilePage = lazyTab(loadProfile, (m) => m.ProfilePage);
const NotificationSettings = lazyTab(loadNotifications, (m) => m.NotificationSettings);
const PrivacySettings = lazyTab(loadPrivacy, (m) => m.PrivacySettings);
const BillingSettings = lazyTab(loadBilling, (m) => m.BillingSettings);

// The spec's settings tabs, with Team. The tab is in the address (`?tab=team`); general, the first, is
// left out of it. Checked by hand, not with zod: a route's search check loads with the shell.
const SETTINGS_TABS = ["general", "team", "profile", "notifications", "privacy", "integrations", "billing"] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];
type SettingsSearch = { tab?: Exclude<SettingsTab, "general"> };

/** Each tab's article in the help centre. */
const SETTINGS_HELP: Record<SettingsTab, ContextHelpKey> = {
  general: "settings",
  team: "team",
  profile: "team",
  notifications: "notifications",
  privacy: "privacy",
  integrations: "training",
  billing: "phones",
};

const isSettingsTab = (value: unknown): value is SettingsTab => SETTINGS_TABS.includes(value as SettingsTab);

export const Route = createFileRoute("/_app/settings")({
  validateSearch: (search: Record<string, unknown>): SettingsSearch =>
    isSettingsTab(search.tab) && search.tab !== "general" ? { tab: search.tab } : {},
  head: () => ({ meta: [{ title: "Settings · Foreman" }] }),
  component: SettingsPage,
});

const TABS: Record<SettingsTab, { label: string; icon: LucideIcon; load?: () => Promise<unknown> }> = {
  general: { label: "General", icon: Settings2 },
  team: { label: "Team", icon: Users, load: loadTeam },
  profile: { label: "Profile", icon: UserRound, load: loadProfile },
  notifications: { label: "Notifications", icon: Bell, load: loadNotifications },
  privacy: { label: "Privacy", icon: Lock, load: loadPrivacy },
  integrations: { label: "Integrations", icon: Plug, load: loadIntegrations },
  billing: { label: "Billing", icon: CreditCard, load: loadBilling },
};

function SettingsPage() {
  const tab = Route.useSearch({ select: (search) => search.tab ?? "general" });
  const navigate = Route.useNavigate();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Your company, your team and your own account."
        help={<HelpLink topic={SETTINGS_HELP[tab]} />}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isSettingsTab(value)) void navigate({ search: value === "general" ? {} : { tab: value } });
        }}
      >
        {/* Seven tabs do not fit a phone: the row scrolls sideways (TabsList). */}
        <TabsList aria-label="Settings sections">
          {SETTINGS_TABS.map((value) => {
            const { label, icon: Icon, load } = TABS[value];
            return (
              <TabsTrigger
                key={value}
                value={value}
                className="max-sm:px-2.5"
                onPointerEnter={() => void load?.()}
                onFocus={() => void load?.()}
              >
                <Icon aria-hidden className="max-sm:hidden" />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="general">
          <CompanyGate fallback={<NoCompany />}>
            <GeneralSettings />
          </CompanyGate>
        </TabsContent>
        <TabsContent value="team">
          <CompanyGate fallback={<NoCompany />}>
            <PendingBoundary>
              <TeamTab />
            </PendingBoundary>
          </CompanyGate>
        </TabsContent>
        <TabsContent value="profile">
          <PendingBoundary>
            <ProfilePage />
          </PendingBoundary>
        </TabsContent>
        <TabsContent value="notifications">
          <CompanyGate fallback={<NoCompany />}>
            <PendingBoundary>
              <NotificationSettings />
            </PendingBoundary>
          </CompanyGate>
        </TabsContent>
        <TabsContent value="privacy">
          <CompanyGate fallback={<NoCompany />}>
            <PendingBoundary>
              <PrivacySettings />
            </PendingBoundary>
          </CompanyGate>
        </TabsContent>
        <TabsContent value="integrations">
          <CompanyGate fallback={<NoCompany />}>
            <PendingBoundary>
              <IntegrationsTab />
            </PendingBoundary>
          </CompanyGate>
        </TabsContent>
        <TabsContent value="billing">
          <CompanyGate fallback={<NoCompany />}>
            <PendingBoundary>
              <BillingSettings />
            </PendingBoundary>
          </CompanyGate>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function NoCompany() {
  return (
    <EmptyState
      icon={Building2}
      title="No company yet"
      description="These settings belong to a company. Once you are in one, they appear here."
    />
  );
}
