import {
  ACTION_TYPE_LABELS,
  CHANNEL_LABELS,
  CONVERSATION_STATUS_LABELS,
  type DepartmentWork,
  formatLongDate,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Badge } from "#web/components/ui/badge.tsx";
import { ROW_LINK_CLASS, WorkCard } from "./work-card.tsx";
import { type WorkColumn, WorkTable } from "./work-table.tsx";

type Conversations = DepartmentWork["conversations"];
type ActionItems = DepartmentWork["actionItems"];

/**
 * Support's work: the conversations not yet resolved and the action items handed to people. Side by
 * side where the screen is wide enough, so the tickets desk under them (the route adds it) comes into
 * view sooner.
 */
export function SupportWork({ work }: { work: DepartmentWork }) {
  return (
    <div className="grid items-start gap-6 2xl:grid-cols-2">
      <OpenConversations conversations={work.conversations} />
      <ActionItemsToDo items={work.actionItems} />
    </div>
  );
}

const CONVERSATION_COLUMNS: readonly WorkColumn<Conversations["items"][number]>[] = [
  {
    head: "Conversation",
    className: "tabular-nums",
    cell: (conversation) => (
      <Link to="/conversations/$conversationId" params={{ conversationId: conversation.id }} className={ROW_LINK_CLASS}>
        #{conversation.displayId}
      </Link>
    ),
  },
  { head: "Customer", className: "max-w-52 truncate", cell: (conversation) => conversation.customerName ?? "—" },
  {
    head: "Channel",
    className: "text-muted-foreground",
    cell: (conversation) => CHANNEL_LABELS[conversation.channel],
  },
  {
    head: "Status",
    cell: (conversation) => (
      <Badge variant={conversation.status === "pending" ? "warning" : "info"}>
        {CONVERSATION_STATUS_LABELS[conversation.status]}
      </Badge>
    ),
  },
  {
    head: "Handled by",
    className: "text-muted-foreground",
    cell: (conversation) => (conversation.handledBy === "ai" ? `AI · ${conversation.aiEmployee.name}` : "Staff"),
  },
  {
    head: "Last activity",
    className: "text-muted-foreground",
    cell: (conversation) => formatLongDate(conversation.lastActivityAt),
  },
];

function OpenConversations({ conversations }: { conversations: Conversations }) {
  return (
    <WorkCard
      title="Open conversations"
      shown={conversations.items.length}
      total={conversations.total}
      testId="open-conversations"
    >
      <WorkTable
        rows={conversations.items}
        columns={CONVERSATION_COLUMNS}
        empty="No open conversations"
        rowTestId="conversation-row"
      />
    </WorkCard>
  );
}

const ACTION_ITEM_COLUMNS: readonly WorkColumn<ActionItems["items"][number]>[] = [
  {
    head: "Title",
    className: "max-w-72 truncate",
    // The action items page anchors each item, so the link lands on it.
    cell: (item) => (
      <Link to="/action_items" hash={`action-item-${item.id}`} className={ROW_LINK_CLASS}>
        {item.title}
      </Link>
    ),
  },
  {
    head: "Type",
    cell: (item) => (
      <Badge variant={item.actionType === "authorize" ? "warning" : "secondary"}>
        {ACTION_TYPE_LABELS[item.actionType]}
      </Badge>
    ),
  },
  { head: "Due", className: "text-muted-foreground", cell: (item) => formatLongDate(item.dueAt) },
  { head: "AI employee", className: "text-muted-foreground", cell: (item) => item.aiEmployee.name },
];

function ActionItemsToDo({ items }: { items: ActionItems }) {
  return (
    <WorkCard
      title="Action items to do"
      shown={items.items.length}
      total={items.total}
      testId="open-action-items"
      aside={
        <Link to="/action_items" className={ROW_LINK_CLASS}>
          All action items
        </Link>
      }
    >
      <WorkTable
        rows={items.items}
        columns={ACTION_ITEM_COLUMNS}
        empty="No action items to do"
        rowTestId="action-item-row"
      />
    </WorkCard>
  );
}
