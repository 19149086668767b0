import type { CompanyLanguage, Integration, WebsiteChat } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Code, MessageSquareText, Pencil, Plus, Power, PowerOff, Trash2 } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { IntegrationCard } from "#web/components/integrations/integration-card.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { toast } from "#web/lib/toast-store.ts";
import { employeeNamesQueryOptions } from "../api.ts";
import {
  deleteWebsiteChat,
  invalidateWebsiteChats,
  updateWebsiteChat,
  websiteChatsQueryOptions,
} from "../website-chats-api.ts";
import { WebsiteChatDialog } from "./website-chat-dialog.tsx";
import { WebsiteChatSnippet } from "./website-chat-snippet.tsx";

type Editing = { chat: WebsiteChat | null } | null;

/** The website chat integration: the company's chats, each with its snippet, and adding one. */
export function WebsiteChatCard({
  integration,
  canManage,
  language = "en",
}: {
  integration: Integration;
  canManage: boolean;
  language?: CompanyLanguage;
}) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery(websiteChatsQueryOptions(companyId));
  const { data: employees = [] } = useQuery(employeeNamesQueryOptions(companyId));
  const { data: allDepartments = [] } = useQuery(departmentsQueryOptions(companyId));
  // The rail adds placeholders for missing kinds; only real departments can answer.
  const departments = useMemo(() => allDepartments.filter((d) => !d.id.startsWith("fallback-")), [allDepartments]);
  const [editing, setEditing] = useState<Editing>(null);
  const [snippetOf, setSnippetOf] = useState<WebsiteChat | null>(null);
  const [deleting, setDeleting] = useState<WebsiteChat | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const setEnabled = async (chat: WebsiteChat, enabled: boolean) => {
    setPending(chat.id);
    try {
      await updateWebsiteChat(companyId, chat.id, { enabled });
      toast({ title: enabled ? `${chat.name} is on` : `${chat.name} is off`, variant: "success" });
      await invalidateWebsiteChats(queryClient, companyId);
    } catch (error) {
      toast({ title: `Couldn't change ${chat.name}`, description: describeError(error), variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  const remove = async (chat: WebsiteChat) => {
    setPending(chat.id);
    try {
      await deleteWebsiteChat(companyId, chat.id);
      toast({ title: `${chat.name} deleted`, variant: "success" });
      setDeleting(null);
      await invalidateWebsiteChats(queryClient, companyId);
    } catch (error) {
      toast({ title: `Couldn't delete ${chat.name}`, description: describeError(error), variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  const chats = query.data?.websiteChats;
  return (
    <IntegrationCard integration={integration} state={integration.state} icon={MessageSquareText}>
      {query.error && !chats ? (
        <QueryError title="Couldn't load the website chats" error={query.error} onRetry={() => void query.refetch()} />
      ) : !chats ? (
        <div role="status" aria-label="Loading the website chats" className="grid gap-2">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : chats.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No website chat yet. Add one, paste its snippet into your site, and your AI employee answers your visitors
          there; their conversations appear in the inbox.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Website chats">
          {chats.map((chat) => (
            <li key={chat.id} data-testid="website-chat" className="grid gap-2 rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full border"
                  // The chat's own colour, as a swatch.
                  style={{ background: chat.color }}
                />
                <span className="font-medium">{chat.name}</span>
                <Badge variant={chat.enabled ? "success" : "muted"}>{chat.enabled ? "On" : "Off"}</Badge>
              </div>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">Answered by</dt>
                <dd className="min-w-0 break-words">
                  {chat.aiEmployee?.name ?? (chat.department ? `${chat.department.name} department` : "No one yet")}
                </dd>
                <dt className="text-muted-foreground">Websites</dt>
                <dd className="min-w-0 break-words font-mono text-xs leading-5">
                  {chat.allowedOrigins.length > 0 ? chat.allowedOrigins.join(", ") : "Only the demo page"}
                </dd>
                <dt className="text-muted-foreground">Conversations</dt>
                <dd>{chat.conversationsCount.toLocaleString("en-US")}</dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => setSnippetOf(chat)}>
                  <Code aria-hidden />
                  Snippet
                  <span className="sr-only"> of {chat.name}</span>
                </Button>
                <ChatAction
                  allowed={canManage}
                  icon={<Pencil aria-hidden />}
                  label="Edit"
                  chatName={chat.name}
                  onClick={() => setEditing({ chat })}
                />
                <ChatAction
                  allowed={canManage}
                  busy={pending === chat.id}
                  icon={chat.enabled ? <PowerOff aria-hidden /> : <Power aria-hidden />}
                  label={chat.enabled ? "Switch off" : "Switch on"}
                  chatName={chat.name}
                  onClick={() => void setEnabled(chat, !chat.enabled)}
                />
                <ChatAction
                  allowed={canManage}
                  busy={pending === chat.id}
                  icon={<Trash2 aria-hidden />}
                  label="Delete"
                  chatName={chat.name}
                  onClick={() => setDeleting(chat)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ManagerOnly allowed={canManage}>
        <Button
          type="button"
          size="sm"
          className="w-fit"
          disabled={!canManage || !chats}
          onClick={() => setEditing({ chat: null })}
        >
          <Plus aria-hidden />
          Add website chat
        </Button>
      </ManagerOnly>

      <WebsiteChatDialog
        companyId={companyId}
        chat={editing?.chat ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        employees={employees}
        departments={departments}
        language={language}
      />
      <DialogFrame
        open={snippetOf !== null}
        onClose={() => setSnippetOf(null)}
        title={snippetOf ? `${snippetOf.name}: the snippet` : "The snippet"}
        description="Paste it into your website; the chat shows on the websites you allowed."
        size="xl"
      >
        {snippetOf ? <WebsiteChatSnippet chat={snippetOf} /> : null}
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : "Delete the website chat?"}
        description="The chat disappears from every website that has its snippet. Its conversations stay in the inbox. This cannot be undone."
        confirmLabel="Delete"
        pending={deleting !== null && pending === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </IntegrationCard>
  );
}

/** One owner-and-admin action on a chat; members see it disabled with the reason (ManagerOnly). */
function ChatAction({
  allowed,
  busy = false,
  icon,
  label,
  chatName,
  onClick,
}: {
  allowed: boolean;
  busy?: boolean;
  icon: ReactNode;
  label: string;
  chatName: string;
  onClick: () => void;
}) {
  return (
    <ManagerOnly allowed={allowed}>
      <Button type="button" variant="outline" size="sm" disabled={!allowed || busy} onClick={onClick}>
        {icon}
        {label}
        <span className="sr-only"> {chatName}</span>
      </Button>
    </ManagerOnly>
  );
}
