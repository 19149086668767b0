import { TICKET_LIMITS, TOOL_LIMITS, ticketDisplayId } from "@foreman/contract";
import type { TurnHints } from "../model-provider.ts";
import type { UnderstoodMessage } from "./intents.ts";
import { REPLIES, TICKET_SUBJECTS, type Ticket } from "./replies.ts";
import type { Step, ToolResult } from "./step.ts";

// The built-in engine's support desk: a customer's problem report becomes a ticket, or a comment on the
// open ticket already about it; "it's solved" closes the conversation's open ticket. It always looks the
// customer's tickets up first, and every rule (whose tickets, which states) is the tools'.

/** The ticket to open for this report: subject in the staff's language, the customer's words as the issue. */
function newTicket(u: UnderstoodMessage, text: string, hints: TurnHints, withOrder: boolean) {
  const words = TICKET_SUBJECTS[hints.languages[0] === "es" ? "es" : "en"];
  const kind = u.problem ?? "complaint";
  const order = withOrder ? u.orderNumber : null;
  return {
    subject: order === null ? words[kind] : words.onOrder(words[kind], order),
    description: text.slice(0, TICKET_LIMITS.description),
    // Damage, a defect, a wrong or missing item is an incident; a complaint without one is a problem.
    type: kind === "complaint" ? "problem" : "incident",
    priority: u.urgent ? "high" : "medium",
    ...(order === null ? {} : { order_number: order }),
  };
}

/**
 * The open ticket a report is about: the one the customer named, else the one about the order they
 * name, else the one opened from this conversation (unless it is about another order). None: a new one.
 */
function ticketAbout(u: UnderstoodMessage, tickets: Ticket[]): Ticket | undefined {
  const named =
    u.ticketNumber === null ? undefined : tickets.find((t) => t.number === ticketDisplayId(u.ticketNumber!));
  if (named) return named;
  const open = tickets.filter((t) => t.status === "open");
  const byOrder = u.orderNumber === null ? undefined : open.find((t) => t.order_number === u.orderNumber);
  return (
    byOrder ??
    open.find(
      (t) =>
        t.from_this_conversation &&
        (u.orderNumber === null || t.order_number === null || t.order_number === u.orderNumber),
    )
  );
}

/** The next step for a problem report or "it's solved", given what the ticket tools answered so far. */
export function ticketStep(u: UnderstoodMessage, text: string, results: ToolResult[], hints: TurnHints): Step {
  const say = REPLIES[u.language];
  const last = results.at(-1);
  const creates = results.filter((result) => result.name === "create_ticket").length;
  // A refusal nobody planned for (no customer on file, a ticket that changed meanwhile): staff are asked once.
  const unplanned = (): Step =>
    results.some((result) => result.name === "ask_human")
      ? { say: say.checking }
      : { call: "ask_human", args: { question: text.slice(0, TOOL_LIMITS.text) } };

  if (!last) return { call: "find_tickets", args: { status: u.ticketNumber === null ? "open" : "all" } };
  if (!last.ok && last.name !== "create_ticket") return unplanned();
  switch (last.name) {
    case "find_tickets": {
      const tickets = (last.result.tickets as Ticket[] | undefined) ?? [];
      if (u.intent === "problem_solved") {
        const named =
          u.ticketNumber === null ? undefined : tickets.find((t) => t.number === ticketDisplayId(u.ticketNumber!));
        const target =
          (named?.status === "open" ? named : undefined) ??
          tickets.find((t) => t.status === "open" && t.from_this_conversation);
        return target
          ? { call: "update_ticket", args: { number: target.number, close: true } }
          : { say: say.gladSolved };
      }
      const target = ticketAbout(u, tickets);
      if (!target) return { call: "create_ticket", args: newTicket(u, text, hints, true) };
      return {
        call: "update_ticket",
        args: {
          number: target.number,
          comment: text.slice(0, TICKET_LIMITS.comment),
          ...(u.urgent && target.priority !== "high" ? { priority: "high" } : {}),
        },
      };
    }
    case "create_ticket": {
      if (last.ok) {
        const ticket = last.result.ticket as Ticket;
        return {
          say:
            creates > 1 && u.orderNumber !== null
              ? say.ticketOpenedWithoutOrder(ticket, u.orderNumber)
              : say.ticketOpened(ticket),
        };
      }
      // The order named is not on the customer's account: the problem still gets its ticket, without it.
      if (u.orderNumber !== null && creates === 1)
        return { call: "create_ticket", args: newTicket(u, text, hints, false) };
      return unplanned();
    }
    case "update_ticket": {
      const ticket = last.result.ticket as Ticket;
      if (ticket.status === "closed") return { say: say.ticketClosed(ticket) };
      return {
        say: say.ticketUpdated(ticket, ((last.result.changed as string[] | undefined) ?? []).includes("reopen")),
      };
    }
    default:
      return { say: say.checking };
  }
}
