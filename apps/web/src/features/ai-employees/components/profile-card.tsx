import {
  type AiEmployee,
  type ContactChannel,
  type EmployeeOutcomes,
  formatCount,
  formatMoney,
  orderAmount,
} from "@foreman/contract";
import { Globe, type LucideIcon, Mail, MessageCircle, MessageSquareText, Phone, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";
import { CONTACT_CHANNEL_LABELS, guardrailSentences, languageName } from "../profile-words.ts";
import { LongText } from "./profile-long-text.tsx";

const CHANNEL_ICONS: Record<ContactChannel, LucideIcon> = {
  whatsapp: MessageCircle,
  email: Mail,
  phone: Phone,
  sms: MessageSquareText,
  web_chat: Globe,
};

type ProfileCardProps = {
  employee: AiEmployee;
  /** The period's figures; missing while they first load (`loading`) or when they failed ("—"). */
  outcomes: EmployeeOutcomes | undefined;
  loading: boolean;
  /** Old figures shown while a new period loads. */
  stale: boolean;
  /** "The last 30 days": what the figures cover. */
  periodLabel: string;
};

/** The employee at a glance: what it brought in, what it can do, where it answers and its rules. */
export function ProfileCard({ employee, outcomes, loading, stale, periodLabel }: ProfileCardProps) {
  const currency = outcomes?.currency;
  return (
    <Card className="gap-0 py-0" data-testid="ai-employee-profile">
      <CardContent className="px-5 py-5">
        <div
          className={cn("flex flex-wrap gap-x-8 gap-y-3", stale && "opacity-60 transition-opacity")}
          aria-busy={stale}
        >
          <BigFigure
            label="Revenue won"
            value={outcomes ? formatMoney(orderAmount(outcomes.present.revenueCents), currency) : "—"}
            testId="profile-revenue"
            loading={loading}
          />
          <BigFigure
            label="Quotes"
            value={outcomes ? formatCount(outcomes.present.quotes) : "—"}
            testId="profile-quotes"
            loading={loading}
          />
          <p className="col-span-2 text-muted-foreground text-xs">{periodLabel}</p>
        </div>
      </CardContent>
      <div className="divide-y border-t">
        <Section title="Skills">
          {employee.skills.length === 0 ? (
            <Muted>No skills yet</Muted>
          ) : (
            <ul className="flex flex-wrap gap-1.5" data-testid="profile-skills">
              {employee.skills.map((skill) => (
                <li key={skill.id}>
                  <Badge variant="secondary" title={skill.description || undefined} className="max-w-full">
                    <span className="truncate">{skill.name}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Contact information">
          {employee.contactPoints.length === 0 ? (
            <Muted>No contact points yet</Muted>
          ) : (
            <ul className="space-y-2" data-testid="profile-contacts">
              {employee.contactPoints.map((point) => {
                const Icon = CHANNEL_ICONS[point.channel];
                return (
                  <li key={`${point.channel}:${point.address}`} className="flex min-w-0 items-center gap-2.5 text-sm">
                    <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="w-20 shrink-0 text-muted-foreground">{CONTACT_CHANNEL_LABELS[point.channel]}</span>
                    <span className="min-w-0 truncate" title={point.address}>
                      {point.address}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Section>
        <Section title="Languages">
          {employee.languages.length === 0 ? (
            <Muted>None set</Muted>
          ) : (
            <p className="text-sm" data-testid="profile-languages">
              {employee.languages.map(languageName).join(", ")}
            </p>
          )}
        </Section>
        <Section title="Guardrails">
          <ul className="space-y-1.5" data-testid="profile-guardrails">
            {guardrailSentences(employee.guardrails, currency).map((sentence) => (
              <li key={sentence} className="flex gap-2 text-sm">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>{sentence}</span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Persona">
          <LongText text={employee.persona} empty="No persona written yet" />
        </Section>
        <Section title="Instructions">
          <LongText text={employee.instructions} empty="No instructions written yet" />
        </Section>
      </div>
    </Card>
  );
}

type BigFigureProps = { label: string; value: string; testId: string; loading: boolean };

function BigFigure({ label, value, testId, loading }: BigFigureProps) {
  return (
    <div className="min-w-0">
      <p className="text-muted-foreground text-sm">{label}</p>
      {loading ? (
        <Skeleton className="mt-1 h-8 w-24" />
      ) : (
        <p data-testid={testId} className="truncate font-semibold text-2xl tabular-nums tracking-tight" title={value}>
          {value}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 space-y-2 px-5 py-4">
      <h2 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  );
}

const Muted = ({ children }: { children: ReactNode }) => <p className="text-muted-foreground text-sm">{children}</p>;
