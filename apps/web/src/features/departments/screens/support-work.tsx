import {
  ACTION_TYPE_LABELS,
  CHANNEL_LABELS,
  CONVERSATION_STATUS_LABELS,
  type DepartmentWork,
  formatLongDate,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Badge } from "#web/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";

type Conversations = DepartmentWork["conversations"];
type ActionItems = DepartmentWork["actionItems"];

/** Support's work: the conversations not yet resolved and the action items handed to people. */
export function SupportWork({ work }: { work: DepartmentWork }) {
  return (
    <div className="grid gap-6">
      <OpenConversations conversations={work.conversations} />
      <ActionItemsToDo items={work.actionItems} />
      <p className="text-muted-foreground text-sm">Tickets join this screen in a later release.</p>
    </div>
  );
}

function OpenConversations({ conversations }: { conversations: Conversations }) {
  return (
    <WorkCard
      title="Open conversations"
      shown={conversations.items.length}
      total={conversations.total}
      testId="open-conversations"
    >
      {conversations.items.length === 0 ? (
        <WorkEmpty>No open conversations</WorkEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Conversation</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Channel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Handled by</TableHead>
              <TableHead className="pr-4">Last activity</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {conversations.items.map((conversation) => (
              <TableRow key={conversation.id} data-testid="conversation-row">
                <TableCell className="pl-4 tabular-nums">
                  <Link
                    to="/conversations/$conversationId"
                    params={{ conversationId: conversation.id }}
                    className={ROW_LINK_CLASS}
                  >
                    #{conversation.displayId}
                  </Link>
                </TableCell>
                <TableCell className="max-w-52 truncate">{conversation.customerName ?? "—"}</TableCell>
                <TableCell className="text-muted-foreground">{CHANNEL_LABELS[conversation.channel]}</TableCell>
                <TableCell>
                  <Badge variant={conversation.status === "pending" ? "warning" : "info"}>
                    {CONVERSATION_STATUS_LABELS[conversation.status]}
                  </Badge>
                </TableCell>
                <TableCell className="text-muted-foreground">
                  {conversation.handledBy === "ai" ? `AI · ${conversation.aiEmployee.name}` : "Staff"}
                </TableCell>
                <TableCell className="pr-4 text-muted-foreground">
                  {formatLongDate(conversation.lastActivityAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}

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
      {items.items.length === 0 ? (
        <WorkEmpty>No action items to do</WorkEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Title</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Due</TableHead>
              <TableHead className="pr-4">AI employee</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.items.map((item) => (
              <TableRow key={item.id} data-testid="action-item-row">
                <TableCell className="max-w-72 truncate pl-4">
                  {/* The action items page anchors each item, so the link lands on it. */}
                  <Link to="/action_items" hash={`action-item-${item.id}`} className={ROW_LINK_CLASS}>
                    {item.title}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={item.actionType === "authorize" ? "warning" : "secondary"}>
                    {ACTION_TYPE_LABELS[item.actionType]}
                  </Badge>
                </TableCell>
                <TableCell className="text-muted-foreground">{formatLongDate(item.dueAt)}</TableCell>
                <TableCell className="pr-4 text-muted-foreground">{item.aiEmployee.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}
