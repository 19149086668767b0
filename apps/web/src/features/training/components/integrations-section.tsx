import type { CompanyLanguage, Integration, IntegrationKey } from "@foreman/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  BrainCircuit,
  CircleAlert,
  CircleCheck,
  type LucideIcon,
  Mail,
  MessageCircle,
  MessageSquareText,
  MessagesSquare,
  PlugZap,
  Webhook,
} from "lucide-react";
import type { ReactNode } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { IntegrationCard } from "#web/components/integrations/integration-card.tsx";
import { IntegrationDetails, IntegrationSetupHint } from "#web/components/integrations/integration-facts.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { integrationsQueryOptions, testModelProviderMutationOptions } from "../integrations-api.ts";
import { WebsiteChatCard } from "./website-chat-card.tsx";

const ICONS: Record<IntegrationKey, LucideIcon> = {
  model_provider: BrainCircuit,
  website_chat: MessageSquareText,
  channel_api: Webhook,
  chatwoot: MessagesSquare,
  whatsapp: MessageCircle,
  email: Mail,
};

/** Another feature's own card for an integration (WhatsApp's signup), composed by the route. */
export type IntegrationCardRenderers = Partial<Record<IntegrationKey, (integration: Integration) => ReactNode>>;

type IntegrationsSectionProps = {
  canManage: boolean;
  /** The company's language (the website chat speaks it). */
  language?: CompanyLanguage;
  /** Cards drawn in place of the generic one, by key; the rest stay generic. */
  cards?: IntegrationCardRenderers;
  /** Under the list (WhatsApp's templates). */
  children?: ReactNode;
};

/** What the AI employees are connected to, each in the state the server reads from reality. */
export function IntegrationsSection({ canManage, language, cards, children }: IntegrationsSectionProps) {
  const companyId = useCompanyId();
  const query = useQuery(integrationsQueryOptions(companyId));

  const content = (() => {
    if (query.error && !query.data) {
      return (
        <QueryError title="Couldn't load the integrations" error={query.error} onRetry={() => void query.refetch()} />
      );
    }
    if (!query.data) return <IntegrationsLoading />;
    return (
      <ul className="grid gap-3" aria-label="Integrations">
        {query.data.integrations.map((integration) => (
          <li key={integration.key}>
            {cards?.[integration.key]?.(integration) ??
              (integration.key === "website_chat" ? (
                <WebsiteChatCard integration={integration} canManage={canManage} language={language} />
              ) : (
                <GenericIntegrationCard integration={integration} canManage={canManage} />
              ))}
          </li>
        ))}
      </ul>
    );
  })();

  const section = (
    <section aria-labelledby="integrations-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="integrations-heading" className="font-semibold text-lg">
          Integrations
        </h2>
        <p className="text-muted-foreground text-sm">
          What your AI employees are connected to: the model they answer with and the channels customers reach them
          through. Each state is read from the server's settings and your company's records.
        </p>
      </div>
      {content}
    </section>
  );
  if (!children) return section;
  return (
    <div className="space-y-10">
      {section}
      {children}
    </div>
  );
}

function IntegrationsLoading() {
  return (
    <div role="status" aria-label="Loading the integrations" className="grid gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex gap-4 rounded-xl border bg-card p-4 sm:p-5">
          <Skeleton className="size-10 shrink-0 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full max-w-md" />
          </div>
        </div>
      ))}
    </div>
  );
}

function GenericIntegrationCard({ integration, canManage }: { integration: Integration; canManage: boolean }) {
  const canTest = integration.actions.includes("test_connection");
  const hasBody = integration.details.length > 0 || integration.setup !== null || canTest;
  return (
    <IntegrationCard
      integration={integration}
      state={integration.state}
      icon={ICONS[integration.key] ?? PlugZap}
      muted={integration.state === "coming_soon"}
    >
      {hasBody ? (
        <>
          <IntegrationDetails details={integration.details} />
          <IntegrationSetupHint integration={integration} />
          {canTest ? <TestConnection canManage={canManage} /> : null}
        </>
      ) : null}
    </IntegrationCard>
  );
}

function TestConnection({ canManage }: { canManage: boolean }) {
  const companyId = useCompanyId();
  const test = useMutation(testModelProviderMutationOptions(companyId));
  const result = test.data;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      <ManagerOnly allowed={canManage}>
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={!canManage || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? <Spinner /> : <PlugZap aria-hidden />}
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
      </ManagerOnly>
      <p aria-live="polite" data-testid="connection-test-result" className="min-w-0 text-sm">
        {test.isPending ? (
          <span className="text-muted-foreground">Sending a short message to the model…</span>
        ) : test.error ? (
          <span className="inline-flex items-start gap-1.5 text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            The test could not run: {describeError(test.error)}
          </span>
        ) : result?.ok ? (
          <span className="inline-flex items-start gap-1.5 text-success">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            {`The model answered in ${formatLatency(result.latencyMs)} (${result.model}).`}
          </span>
        ) : result ? (
          <span className="inline-flex items-start gap-1.5 text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {`The connection failed after ${formatLatency(result.latencyMs)}: ${result.error ?? "no reason given"}`}
          </span>
        ) : null}
      </p>
    </div>
  );
}

// The built-in engine answers within the same millisecond: "0 ms" would read as if nothing ran.
const formatLatency = (ms: number) => (ms < 1 ? "less than 1 ms" : `${ms.toLocaleString("en-US")} ms`);
