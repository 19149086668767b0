import type { ConversationDetail, Message } from "@foreman/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ExternalLink, PanelRightOpen, UserRoundCheck, X } from "lucide-react";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { useLiveEventsStatus } from "#web/lib/live-events.ts";
import { cn } from "#web/lib/utils.ts";
import {
  agentRunsQueryOptions,
  conversationQueryOptions,
  conversationsKeys,
  isConversationNotFound,
  isWindowClosedError,
  messagesQueryOptions,
  sendMessage,
  threadMessages,
} from "../api.ts";
import { toNewAttachment } from "../attachment-files.ts";
import { useLiveConversation } from "../use-live-conversation.ts";
import { AgentReplyNotice } from "./agent-reply-notice.tsx";
import { ChannelIcon } from "./channel-icon.tsx";
import { ConversationDetails } from "./conversation-details.tsx";
import { ConversationNotFound } from "./conversation-not-found.tsx";
import { ConversationStatusBadge } from "./conversation-status-badge.tsx";
import { MessageThread } from "./message-thread.tsx";
import { ReplyBox } from "./reply-box.tsx";

// Most visits never open a trace: the sheet and the trace view come in their own chunk.
const RunTraceSheet = lazy(() => import("./run-trace-sheet.tsx").then((module) => ({ default: module.RunTraceSheet })));
// Templates are for WhatsApp conversations once their window has closed: their own chunk too.
const SendTemplateDialog = lazy(() =>
  import("./send-template-dialog.tsx").then((module) => ({ default: module.SendTemplateDialog })),
);

type ConversationPageProps = { conversationId: string; embed: boolean };

/**
 * One conversation: the thread with the reply box, and beside it (wide screens) or in a panel that
 * opens from the header (phones) the lead, quotes, customer and who handles it. Embedded (`embed=1`,
 * inside the inbox) it is only the thread and the reply box under a one-line header.
 */
export function ConversationPage({ conversationId, embed }: ConversationPageProps) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const detail = useQuery(conversationQueryOptions(companyId, conversationId));
  const messages = useInfiniteQuery(messagesQueryOptions(companyId, conversationId));
  const { append } = useLiveConversation(companyId, conversationId);
  const [sentCount, setSentCount] = useState(0);
  const [tookOver, setTookOver] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const thread = useMemo(() => threadMessages(messages.data), [messages.data]);
  const aiHandled = detail.data?.handledBy === "ai";
  // While the AI answers, its late or failed replies show above the reply box.
  const agentRuns = useQuery({ ...agentRunsQueryOptions(companyId, conversationId), enabled: aiHandled });
  const [trace, setTrace] = useState<{ runId: string; open: boolean } | null>(null);
  const showTrace = useCallback((runId: string) => setTrace({ runId, open: true }), []);
  // Mounted once first opened (its chunk loads then), and kept for its closing animation.
  const [templateDialog, setTemplateDialog] = useState<{ open: boolean } | null>(null);
  const openTemplateDialog = useCallback(() => setTemplateDialog({ open: true }), []);

  /** A message this tab sent (a reply or a template): shown at once, and the conversation is now staff's. */
  const sent = (message: Message) => {
    append(message);
    setSentCount((count) => count + 1);
    const before = queryClient.getQueryData<ConversationDetail>(conversationsKeys.detail(companyId, conversationId));
    if (before?.handledBy === "ai") setTookOver(true);
    void queryClient.invalidateQueries({ queryKey: conversationsKeys.detail(companyId, conversationId) });
    void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists(companyId) });
  };

  const send = useMutation({
    mutationFn: async ({ content, files }: { content: string; files: File[] }) => {
      const attachments = await Promise.all(files.map(toNewAttachment));
      return sendMessage(companyId, conversationId, {
        content,
        attachments: attachments.length > 0 ? attachments : undefined,
      });
    },
    onSuccess: sent,
    onError: (error) => {
      // WhatsApp's window closed meanwhile: the conversation's window is read again.
      if (isWindowClosedError(error))
        void queryClient.invalidateQueries({ queryKey: conversationsKeys.detail(companyId, conversationId) });
    },
  });

  if (detail.error && isConversationNotFound(detail.error)) return <ConversationNotFound embed={embed} />;
  if (detail.error) throw detail.error;
  const conversation = detail.data;

  const threadPanel = (
    <>
      {tookOver ? (
        <div
          role="status"
          className="flex items-start gap-2.5 border-b bg-info/8 px-4 py-2.5 text-sm sm:px-5"
          data-testid="took-over-notice"
        >
          <UserRoundCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
          <p className="min-w-0 flex-1">
            <span className="font-medium">You took over from the AI.</span>{" "}
            <span className="text-muted-foreground">
              {conversation?.aiEmployee?.name ?? "The AI employee"} won't answer this customer while you handle the
              conversation.
            </span>
          </p>
          <button
            type="button"
            onClick={() => setTookOver(false)}
            className="rounded p-0.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Dismiss"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      {messages.error ? (
        <ThreadError message={describeError(messages.error)} onRetry={() => void messages.refetch()} />
      ) : messages.data ? (
        <MessageThread
          messages={thread}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          sentCount={sentCount}
          onShowTrace={showTrace}
          onSendTemplate={conversation?.whatsapp ? openTemplateDialog : undefined}
        />
      ) : (
        <ThreadSkeleton />
      )}
      {aiHandled && agentRuns.data ? <AgentReplyNotice pending={agentRuns.data.pending} /> : null}
      {trace ? (
        <Suspense fallback={null}>
          <RunTraceSheet
            conversationId={conversationId}
            runId={trace.runId}
            open={trace.open}
            onOpenChange={(open) => setTrace((current) => current && { ...current, open })}
          />
        </Suspense>
      ) : null}
      {templateDialog && conversation ? (
        <Suspense fallback={null}>
          <SendTemplateDialog
            companyId={companyId}
            conversationId={conversationId}
            customerName={conversation.customer?.fullName ?? null}
            open={templateDialog.open}
            onOpenChange={(open) => setTemplateDialog({ open })}
            onSent={sent}
            embed={embed}
          />
        </Suspense>
      ) : null}
      <ReplyBox
        onSend={(content, files) => send.mutateAsync({ content, files }).then(() => undefined)}
        aiHandled={conversation?.handledBy === "ai"}
        aiName={conversation?.aiEmployee?.name}
        whatsapp={conversation?.whatsapp}
        onSendTemplate={conversation?.whatsapp ? openTemplateDialog : undefined}
      />
    </>
  );

  if (embed) {
    return (
      <div className="flex h-dvh flex-col bg-background" data-testid="conversation-embed">
        <header className="flex h-12 shrink-0 items-center gap-2.5 border-b px-4">
          {conversation ? (
            <>
              <ChannelIcon channel={conversation.channel} />
              <h1 className="min-w-0 truncate font-medium">{conversation.customer?.fullName ?? "Unknown customer"}</h1>
              {conversation.whatsapp?.phoneNumber ? (
                <span className="hidden shrink-0 text-muted-foreground text-xs tabular-nums sm:inline">
                  {conversation.whatsapp.phoneNumber}
                </span>
              ) : null}
              <ConversationStatusBadge status={conversation.status} />
              <Button variant="ghost" size="sm" className="ml-auto" asChild>
                <a
                  href={`/conversations/${encodeURIComponent(conversationId)}`}
                  target="_top"
                  aria-label="Open full view"
                >
                  <ExternalLink aria-hidden />
                  <span className="hidden sm:inline">Open full view</span>
                </a>
              </Button>
            </>
          ) : (
            <Skeleton className="h-4 w-40" />
          )}
        </header>
        <main className="flex min-h-0 flex-1 flex-col">{threadPanel}</main>
      </div>
    );
  }

  return (
    // Fills the shell's main area edge to edge (cancelling its padding): the thread scrolls, not the page.
    <div className="-mx-4 -my-6 md:-mx-8 md:-my-8 flex h-[calc(100dvh-3.5rem)] min-h-0" data-testid="conversation-page">
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex shrink-0 items-center gap-3 border-b px-3 py-2.5 sm:px-5">
          <Button variant="ghost" size="icon-sm" asChild>
            <Link to="/conversations" aria-label="Back to conversations">
              <ArrowLeft aria-hidden />
            </Link>
          </Button>
          {conversation ? (
            <>
              <div className="min-w-0 flex-1">
                <h1 className="flex min-w-0 items-center gap-2 font-semibold text-base leading-tight">
                  <span className="truncate" data-testid="conversation-title">
                    {conversation.customer?.fullName ?? "Unknown customer"}
                  </span>
                  <ChannelIcon channel={conversation.channel} />
                </h1>
                <p className="truncate text-muted-foreground text-xs">
                  {[
                    conversation.customer?.organization,
                    conversation.whatsapp?.phoneNumber,
                    `#${conversation.displayId}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <div className="hidden items-center gap-1.5 sm:flex">
                {conversation.lead ? <LeadStageBadge stage={conversation.lead.stage} /> : null}
                <ConversationStatusBadge status={conversation.status} />
              </div>
              <LiveHint />
              <Button
                variant="outline"
                size="sm"
                className="lg:hidden"
                aria-expanded={detailsOpen}
                aria-controls={detailsId}
                onClick={() => setDetailsOpen((open) => !open)}
              >
                <PanelRightOpen aria-hidden />
                Details
              </Button>
            </>
          ) : (
            <div className="flex-1 space-y-1.5">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-32" />
            </div>
          )}
        </header>
        {conversation && detailsOpen ? (
          <div id={detailsId} className="max-h-[55%] shrink-0 overflow-y-auto border-b lg:hidden">
            <ConversationDetails conversation={conversation} />
          </div>
        ) : null}
        {threadPanel}
      </div>
      <aside aria-label="Lead and customer" className="hidden w-80 shrink-0 overflow-y-auto border-l lg:block xl:w-88">
        {conversation ? <ConversationDetails conversation={conversation} /> : <DetailsSkeleton />}
      </aside>
    </div>
  );
}

/** A quiet word on whether new messages arrive by themselves. */
function LiveHint() {
  const status = useLiveEventsStatus();
  const live = status === "open";
  return (
    <span
      className={cn(
        "hidden shrink-0 items-center gap-1.5 text-xs md:inline-flex",
        live ? "text-muted-foreground" : "text-[oklch(0.47_0.12_58)] dark:text-[oklch(0.87_0.15_85)]",
      )}
      data-testid="live-status"
      data-status={status}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", live ? "bg-success" : "animate-pulse bg-warning")} />
      {live ? "Live" : "Connecting…"}
    </span>
  );
}

function ThreadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" role="alert">
      <p className="font-medium">The messages could not be loaded.</p>
      <p className="max-w-sm text-muted-foreground text-sm">{message}</p>
      <TryAgainButton onRetry={onRetry} size="sm" />
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="flex flex-1 flex-col justify-end gap-4 p-5" role="status">
      <span className="sr-only">Loading messages…</span>
      {[60, 40, 72, 52, 36].map((width, index) => (
        <div key={width} className={cn("flex items-end gap-2.5", index % 2 === 1 && "flex-row-reverse")}>
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-10 rounded-2xl" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="space-y-6 p-5">
      {[0, 1, 2].map((section) => (
        <div key={section} className="space-y-2.5">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
