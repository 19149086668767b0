import { ticketDisplayId } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import type { Ticket } from "#server/db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { appLink, queueMail } from "../mail/index.ts";
import { listFollowersBut } from "./ticket-detail.repository.ts";
import { findCompanyEmployee, findMember } from "./ticket-links.ts";
import type { TicketActor, TicketChange } from "./ticket-writes.ts";

// Followers hear of what moves a ticket (a reply, a note, closing, reopening, a new responsible): a
// short mail each through the outbox, in the change's own transaction, with a link to its preview.
// The one who made the change is not told of it.

// `notifications` too: the same deps tell an assignee or staff through modules/notifications.
export type FollowerMailDeps = { queue: JobQueue; config: Pick<Config, "appUrl" | "mail" | "notifications"> };

const MAX_QUOTED = 1000;

async function responsibleName(tx: Executor, ticket: Ticket): Promise<string | null> {
  if (ticket.assigneeUserId) return (await findMember(tx, ticket.companyId, ticket.assigneeUserId))?.name ?? null;
  if (ticket.assigneeAiEmployeeId)
    return (await findCompanyEmployee(tx, ticket.companyId, ticket.assigneeAiEmployeeId))?.name ?? null;
  return null;
}

/** What happened, as a phrase after the actor's name; null for changes followers are not told of. */
async function whatHappened(tx: Executor, ticket: Ticket, change: TicketChange) {
  switch (change.kind) {
    case "comment":
      return {
        phrase: change.visibility === "public" ? "replied to the client" : "added an internal note",
        body: change.body,
      };
    case "close":
      return { phrase: "closed the ticket", body: change.note ?? null };
    case "reopen":
      return { phrase: "reopened the ticket", body: change.note ?? null };
    case "assign": {
      const name = await responsibleName(tx, ticket);
      return { phrase: name ? `assigned it to ${name}` : "unassigned it", body: null };
    }
    default:
      return null;
  }
}

/**
 * Queues the mail to each follower but the actor about a change just applied to `ticket` (as it is
 * now). Call it in the change's transaction; the caller wakes the queue once it has committed.
 */
export async function mailFollowers(
  tx: Executor,
  deps: FollowerMailDeps,
  ticket: Ticket,
  actor: TicketActor,
  change: TicketChange,
): Promise<number> {
  const happened = await whatHappened(tx, ticket, change);
  if (!happened) return 0;
  const followers = await listFollowersBut(tx, ticket.id, actor.type === "user" ? actor.id : null);
  if (followers.length === 0) return 0;
  const label = ticketDisplayId(ticket.number);
  const who = actor.name || (actor.type === "system" ? "Foreman" : "Someone");
  const quoted =
    happened.body && happened.body.length > MAX_QUOTED ? `${happened.body.slice(0, MAX_QUOTED)}…` : happened.body;
  const text = [
    `${who} ${happened.phrase} on ${label}: ${ticket.subject}`,
    ...(quoted ? ["", quoted] : []),
    "",
    "Open the ticket:",
    appLink(deps.config, "/support", { ticket: ticket.id }),
    "",
    "You get this mail because you follow the ticket.",
  ].join("\n");
  for (const follower of followers)
    await queueMail(tx, deps.queue, {
      companyId: ticket.companyId,
      from: deps.config.mail.from,
      to: follower.email,
      // One line: a subject or name typed with line breaks must not break the mail's headers.
      subject: `${label} ${ticket.subject}: ${who} ${happened.phrase}`.replace(/\s+/g, " "),
      text,
    });
  return followers.length;
}
