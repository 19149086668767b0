import type { ContextHelpKey } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Bell, Building2, CreditCard, Lock, type LucideIcon, Plug, Settings2, UserRound, Users } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { BillingSettings } from "#web/features/billing/components/billing-settings.tsx";
import { findSelectedCompany, meQueryOptions } from "#web/features/companies/api.ts";
import { GeneralSettings } from "#web/features/companies/components/general-settings.tsx";
import { useCanManage, useCompanyLanguage } from "#web/features/companies/use-can-manage.ts";
import { NotificationSettings } from "#web/features/notifications/components/notification-settings.tsx";
import { PrivacySettings } from "#web/features/privacy/components/privacy-settings.tsx";
import { ProfilePage } from "#web/features/profile/components/profile-page.tsx";
import { TeamSettings } from "#web/features/team/components/team-settings.tsx";
import { IntegrationsSection } from "#web/features/training/components/integrations-section.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { useIntegrationParts } from "./-integrations.tsx";

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

const TABS: Record<SettingsTab, { label: string; icon: LucideIcon }> = {
  general: { label: "General", icon: Settings2 },
  team: { label: "Team", icon: Users },
  profile: { label: "Profile", icon: UserRound },
  notifications: { label: "Notifications", icon: Bell },
  privacy: { label: "Privacy", icon: Lock },
  integrations: { label: "Integrations", icon: Plug },
  billing: { label: "Billing", icon: CreditCard },
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
            const { label, icon: Icon } = TABS[value];
            return (
              <TabsTrigger key={value} value={value} className="max-sm:px-2.5">
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
            <TeamTab />
          </CompanyGate>
        </TabsContent>
        <TabsContent value="profile">
          <ProfilePage />
        </TabsContent>
        <TabsContent value="notifications">
          <CompanyGate fallback={<NoCompany />}>
            <NotificationSettings />
          </CompanyGate>
        </TabsContent>
        <TabsContent value="privacy">
          <CompanyGate fallback={<NoCompany />}>
            <PrivacySettings />
          </CompanyGate>
        </TabsContent>
        <TabsContent value="integrations">
          <CompanyGate fallback={<NoCompany />}>
            <IntegrationsTab />
          </CompanyGate>
        </TabsContent>
        <TabsContent value="billing">
          <CompanyGate fallback={<NoCompany />}>
            <BillingSettings />
          </CompanyGate>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function TeamTab() {
  const me = useQuery(meQueryOptions()).data;
  // The company the shell works in (CompanyGate), not the stored selection read again here.
  const companyId = useCompanyId();
  const company = me ? findSelectedCompany(me, companyId) : null;
  return <TeamSettings companyName={company?.name ?? "this company"} />;
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

/** The training centre's integrations list, with WhatsApp's signup and template manager, as the spec places them here too. */
function IntegrationsTab() {
  const canManage = useCanManage();
  const language = useCompanyLanguage();
  const { cards, after } = useIntegrationParts(canManage);
  return (
    <IntegrationsSection canManage={canManage} language={language} cards={cards}>
      {after}
    </IntegrationsSection>
  );
}
