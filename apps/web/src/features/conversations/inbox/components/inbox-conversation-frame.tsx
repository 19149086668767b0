import { useQuery } from "@tanstack/react-query";
import { Link2Off } from "lucide-react";
import { useState } from "react";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ssoLinkQueryOptions } from "#web/features/conversations/api.ts";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { embeddableLink } from "../embeddable-link.ts";

// The open conversation, as the chat tool shows it: the inbox asks for a single sign-on link
// (`POST /app/chat/sso_links.json`) and frames it. By default the link is our own conversation view in
// its bare form (`/conversations/{id}?embed=1`); with Chatwoot configured, Chatwoot's login link.

type InboxConversationFrameProps = { conversationId: string; title: string; className?: string };

export function InboxConversationFrame({ conversationId, title, className }: InboxConversationFrameProps) {
  const companyId = useCompanyId();
  const link = useQuery(ssoLinkQueryOptions(companyId, conversationId));
  const [loaded, setLoaded] = useState(false);
  const src = embeddableLink(link.data?.ssoLink);

  if (link.isPending) return <FrameLoading className={className} />;
  if (link.error || !src)
    return <NoSsoLink className={className} reason={link.error ? describeError(link.error) : null} />;
  return (
    <div className={cn("relative min-h-0 flex-1", className)}>
      {loaded ? null : <FrameLoading className="absolute inset-0 bg-background" />}
      <iframe
        key={src}
        src={src}
        title={title}
        onLoad={() => setLoaded(true)}
        allow="clipboard-write"
        className="size-full border-0 bg-background"
        data-testid="inbox-frame"
      />
    </div>
  );
}

function FrameLoading({ className }: { className?: string }) {
  return (
    <div
      className={cn("flex flex-1 items-center justify-center gap-2 text-muted-foreground text-sm", className)}
      role="status"
    >
      <Spinner />
      Opening the conversation…
    </div>
  );
}

/** The inbox's message when the chat tool gives no link. */
export function NoSsoLink({ reason, className }: { reason: string | null; className?: string }) {
  return (
    <div
      className={cn("flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center", className)}
      role="alert"
      data-testid="no-sso-link"
    >
      <div className="mb-2 flex size-10 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
        <Link2Off aria-hidden className="size-5" />
      </div>
      <p className="font-semibold">No sso link found</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        {reason ?? "The chat tool did not give a link for this conversation."}
      </p>
    </div>
  );
}
