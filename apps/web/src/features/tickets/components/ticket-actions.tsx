import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TicketDetail,
  type TicketPriority,
  ticketDisplayId,
} from "@foreman/contract";
import { BellOff, BellPlus, CheckCircle2, ChevronDown, Flag, Undo2, UserRound } from "lucide-react";
import { Button, buttonVariants } from "#web/components/ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuLabel,
  LazyDropdownMenuRadioGroup,
  LazyDropdownMenuRadioItem,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "#web/components/ui/lazy-dropdown-menu.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { assignTicket, changeTicketPriority, closeTicket, followTicket, reopenTicket, unfollowTicket } from "../api.ts";
import {
  ASSIGN_OTHERS_REASON,
  type Assignee,
  type Assignees,
  assigneeValue,
  mayAssign,
  parseAssigneeValue,
} from "../assignees.ts";
import { useTicketChange } from "../use-ticket-change.ts";

const UNASSIGNED = "none";

type TicketActionsProps = {
  ticket: TicketDetail;
  assignees: Assignees;
  /** Says what a change did (for screen readers: the preview shows it). */
  announce: (message: string) => void;
};

/** Close or reopen, assign to, change the priority, and follow or unfollow. */
export function TicketActions({ ticket, assignees, announce }: TicketActionsProps) {
  const companyId = useCompanyId();
  const change = useTicketChange(ticket.id, announce);
  const busy = change.isPending ? change.variables.action : null;
  const label = ticketDisplayId(ticket.number);
  const me = assignees.me;
  const following = me !== null && ticket.followers.some((follower) => follower.id === me.id);

  const assign = (value: string) => {
    const responsible = value === UNASSIGNED ? null : parseAssigneeValue(value);
    const name = [...assignees.staff, ...assignees.aiEmployees].find((who) => assigneeValue(who) === value)?.name;
    change.mutate({
      action: "assign",
      run: () => assignTicket(companyId, ticket.id, responsible),
      done: responsible ? `${label} assigned to ${name ?? "them"}` : `${label} is unassigned`,
      failed: "Couldn't assign the ticket",
    });
  };
  const setPriority = (priority: TicketPriority) =>
    change.mutate({
      action: "priority",
      run: () => changeTicketPriority(companyId, ticket.id, priority),
      done: `${label} is now ${TICKET_PRIORITY_LABELS[priority].toLowerCase()} priority`,
      failed: "Couldn't change the priority",
    });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="ticket-actions">
      {ticket.status === "open" ? (
        <Button
          size="sm"
          disabled={busy !== null}
          onClick={() =>
            change.mutate({
              action: "status",
              run: () => closeTicket(companyId, ticket.id),
              done: `${label} closed`,
              failed: "Couldn't close the ticket",
            })
          }
        >
          {busy === "status" ? <Spinner /> : <CheckCircle2 aria-hidden />}
          Close ticket
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={busy !== null}
          onClick={() =>
            change.mutate({
              action: "status",
              run: () => reopenTicket(companyId, ticket.id),
              done: `${label} reopened`,
              failed: "Couldn't reopen the ticket",
            })
          }
        >
          {busy === "status" ? <Spinner /> : <Undo2 aria-hidden />}
          Reopen
        </Button>
      )}
      <AssignMenu ticket={ticket} assignees={assignees} busy={busy === "assign"} onAssign={assign} />
      <LazyDropdownMenu>
        <LazyDropdownMenuTrigger
          className={buttonVariants({ variant: "outline", size: "sm" })}
          disabled={busy !== null}
          aria-label={`Priority: ${TICKET_PRIORITY_LABELS[ticket.priority]}. Change the priority`}
        >
          {busy === "priority" ? <Spinner /> : <Flag aria-hidden />}
          Priority
          <ChevronDown aria-hidden className="opacity-60" />
        </LazyDropdownMenuTrigger>
        <LazyDropdownMenuContent align="start">
          <LazyDropdownMenuLabel>Priority</LazyDropdownMenuLabel>
          <LazyDropdownMenuRadioGroup
            value={ticket.priority}
            onValueChange={(value: string) => {
              if (value !== ticket.priority) setPriority(value as TicketPriority);
            }}
          >
            {TICKET_PRIORITIES.map((priority) => (
              <LazyDropdownMenuRadioItem key={priority} value={priority} indicator="check">
                {TICKET_PRIORITY_LABELS[priority]}
              </LazyDropdownMenuRadioItem>
            ))}
          </LazyDropdownMenuRadioGroup>
        </LazyDropdownMenuContent>
      </LazyDropdownMenu>
      {me ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy !== null}
          aria-pressed={following}
          onClick={() =>
            change.mutate({
              action: "follow",
              run: () =>
                following ? unfollowTicket(companyId, ticket.id, me.id) : followTicket(companyId, ticket.id, me.id),
              done: following ? `You no longer follow ${label}` : `You follow ${label}: its changes come by mail`,
              failed: following ? "Couldn't unfollow the ticket" : "Couldn't follow the ticket",
            })
          }
        >
          {busy === "follow" ? <Spinner /> : following ? <BellOff aria-hidden /> : <BellPlus aria-hidden />}
          {following ? "Unfollow" : "Follow"}
        </Button>
      ) : null}
    </div>
  );
}

type AssignMenuProps = {
  ticket: TicketDetail;
  assignees: Assignees;
  busy: boolean;
  onAssign: (value: string) => void;
};

/**
 * Assign to: the staff, then the AI employees, then nobody. Members may take a ticket or give back their
 * own: the other choices show disabled, and the menu says why.
 */
function AssignMenu({ ticket, assignees, busy, onAssign }: AssignMenuProps) {
  const current = ticket.responsible;
  const value = current ? assigneeValue(current) : UNASSIGNED;
  const item = (who: Assignee) => {
    const allowed = mayAssign(assignees, who, current);
    return (
      <LazyDropdownMenuRadioItem
        key={who.id}
        value={assigneeValue(who)}
        indicator="check"
        disabled={!allowed}
        title={allowed ? undefined : ASSIGN_OTHERS_REASON}
      >
        {who.id === assignees.me?.id ? `${who.name} (you)` : who.name}
      </LazyDropdownMenuRadioItem>
    );
  };
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
        disabled={busy}
        aria-label={`Assign to. Now: ${current?.name ?? "nobody"}`}
      >
        {busy ? <Spinner /> : <UserRound aria-hidden />}
        Assign to
        <ChevronDown aria-hidden className="opacity-60" />
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent align="start" className="max-h-80 w-64 overflow-y-auto">
        <LazyDropdownMenuRadioGroup
          value={value}
          onValueChange={(next: string) => {
            if (next !== value) onAssign(next);
          }}
        >
          <LazyDropdownMenuLabel>Staff</LazyDropdownMenuLabel>
          {assignees.staff.map(item)}
          {assignees.aiEmployees.length > 0 ? (
            <>
              <LazyDropdownMenuSeparator />
              <LazyDropdownMenuLabel>AI employees</LazyDropdownMenuLabel>
              {assignees.aiEmployees.map(item)}
            </>
          ) : null}
          <LazyDropdownMenuSeparator />
          <LazyDropdownMenuRadioItem
            value={UNASSIGNED}
            indicator="check"
            disabled={!mayAssign(assignees, null, current)}
            title={mayAssign(assignees, null, current) ? undefined : ASSIGN_OTHERS_REASON}
          >
            Nobody (unassigned)
          </LazyDropdownMenuRadioItem>
        </LazyDropdownMenuRadioGroup>
        {assignees.canAssignOthers ? null : (
          <>
            <LazyDropdownMenuSeparator />
            <LazyDropdownMenuLabel className="max-w-60 font-normal text-muted-foreground text-xs">
              {ASSIGN_OTHERS_REASON}. You can take a ticket or give back your own.
            </LazyDropdownMenuLabel>
          </>
        )}
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
