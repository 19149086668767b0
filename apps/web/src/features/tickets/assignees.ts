import { canManage, type Member, type ResponsibleInput, type TicketResponsible } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import { staffQueryOptions } from "./api.ts";

// Who a ticket can be with: the company's staff (the members list, which also says who "you" are and
// your role) and its active AI employees. Members take tickets and give back their own; owners and
// admins assign anyone (the API refuses the rest with a 403).

export type Assignee = { kind: ResponsibleInput["kind"]; id: string; name: string };

export const staffName = (member: Pick<Member, "firstName" | "lastName" | "email">) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Why a member cannot pick someone else, on the disabled choices. */
export const ASSIGN_OTHERS_REASON = "Only an owner or an admin can assign a ticket to someone else";

export type Assignees = {
  staff: Assignee[];
  aiEmployees: Assignee[];
  /** The signed-in user as a staff member, once the members list is in. */
  me: Assignee | null;
  /** Owners and admins; members may only take a ticket or give back their own. */
  canAssignOthers: boolean;
  /** The name of a responsible id (a filter in the address), when it is one of them. */
  nameOf: (id: string) => string | undefined;
};

/** The select's value of a responsible ("user:<id>", "ai_employee:<id>"), and back. */
export const assigneeValue = (who: Pick<TicketResponsible, "kind" | "id">) => `${who.kind}:${who.id}`;

export function parseAssigneeValue(value: string): ResponsibleInput | null {
  const [kind, id] = value.split(":");
  if (!id || (kind !== "user" && kind !== "ai_employee")) return null;
  return { kind, id };
}

/** Whether the user may make `who` responsible (or nobody, when null) for a ticket now with `current`. */
export function mayAssign(
  assignees: Pick<Assignees, "me" | "canAssignOthers">,
  who: Pick<Assignee, "kind" | "id"> | null,
  current: Pick<TicketResponsible, "kind" | "id"> | null = null,
): boolean {
  if (assignees.canAssignOthers) return true;
  const me = assignees.me;
  if (!me) return false;
  if (who === null) return current?.kind === "user" && current.id === me.id;
  return who.kind === "user" && who.id === me.id;
}

export function useAssignees(companyId: string): Assignees {
  const staff = useQuery(staffQueryOptions(companyId)).data ?? [];
  const employees = useQuery(employeeNamesQueryOptions(companyId)).data ?? [];
  const you = staff.find((member) => member.you);
  const staffAssignees = staff.map((member) => ({ kind: "user" as const, id: member.id, name: staffName(member) }));
  const aiEmployees = employees
    .filter((employee) => employee.active)
    .map((employee) => ({ kind: "ai_employee" as const, id: employee.id, name: employee.name }));
  const names = new Map([...staffAssignees, ...employees].map((who) => [who.id, who.name]));
  return {
    staff: staffAssignees,
    aiEmployees,
    me: you ? { kind: "user", id: you.id, name: staffName(you) } : null,
    canAssignOthers: canManage(you?.role),
    nameOf: (id) => names.get(id),
  };
}
