import { NOTIFICATION_PREFERENCE_LABELS, type NotificationPreferenceKey } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Info, Mail, MonitorSmartphone } from "lucide-react";
import { type ReactNode, useId } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { notificationSettingsQueryOptions, useToggleNotificationSetting } from "../api.ts";

// Settings → Notifications: the signed-in user's own switches, the same in every company they are in.
// Each switch saves as it is flipped (and flips back, with a toast, if the save fails).

const EMAIL_SWITCHES = ["emailActionItems", "emailTicketsAssigned", "emailHandoffs", "emailDailyDigest"] as const;

export function NotificationSettings() {
  const query = useQuery(notificationSettingsQueryOptions());
  const toggle = useToggleNotificationSetting();
  const settings = query.data;

  if (!settings) {
    if (query.error)
      return (
        <QueryError
          title="Couldn't load your notification settings"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
    return (
      <div role="status" aria-label="Loading your notification settings" className="grid gap-6">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-36 w-full rounded-xl" />
      </div>
    );
  }

  const row = (key: NotificationPreferenceKey) => (
    <SwitchRow key={key} name={key} checked={settings[key]} onChange={(value) => toggle.mutate({ key, value })} />
  );

  return (
    <div className="grid max-w-3xl gap-6" data-testid="notification-settings">
      <SettingsCard
        icon={<Mail aria-hidden className="size-4" />}
        title="Email"
        description={
          <>
            Sent to <span className="break-all font-medium text-foreground">{settings.email}</span>. Updates that arrive
            within a couple of minutes come together in one mail.
          </>
        }
      >
        {settings.smtpConfigured ? null : <NoMailServer />}
        <ul className="divide-y">{EMAIL_SWITCHES.map(row)}</ul>
      </SettingsCard>
      <SettingsCard
        icon={<MonitorSmartphone aria-hidden className="size-4" />}
        title="In the product"
        description="What shows up while you work in Foreman."
      >
        <ul>{row("toasts")}</ul>
      </SettingsCard>
      <SaveStatus saving={toggle.isPending} saved={toggle.isSuccess} />
    </div>
  );
}

function SettingsCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <span className="text-muted-foreground">{icon}</span>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

/** One switch with its label and the line that says what it does. */
function SwitchRow({
  name,
  checked,
  onChange,
}: {
  name: NotificationPreferenceKey;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  const { label, description } = NOTIFICATION_PREFERENCE_LABELS[name];
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="cursor-pointer font-medium text-sm">
          {label}
        </label>
        <p id={`${id}-description`} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        name={name}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
        className="mt-0.5"
      />
    </li>
  );
}

function NoMailServer() {
  return (
    <p
      className="flex gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm"
      data-testid="no-mail-server"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>
        This server has no mail server set up yet (SMTP_URL), so these mails wait in the outbox instead of being sent.
        Your choices are kept for when it has one.
      </span>
    </p>
  );
}

/** Says, for screen readers too, that a flip is being saved and when it is. */
function SaveStatus({ saving, saved }: { saving: boolean; saved: boolean }) {
  return (
    <p role="status" className="min-h-5 text-muted-foreground text-sm">
      {saving ? "Saving…" : saved ? "Saved" : null}
    </p>
  );
}
