// The tickets module's public face: other modules and app.ts import only what is listed here.
export { type FollowerMailDeps, mailFollowers } from "./follower-mail.ts";
export { findCompanyEmployee, findMember } from "./ticket-links.ts";
export {
  changeTicket,
  type NewTicket,
  openTicket,
  type TicketActor,
  type TicketChange,
  ticketNotFound,
} from "./ticket-writes.ts";
export { ticketsRoutes } from "./tickets.routes.ts";
