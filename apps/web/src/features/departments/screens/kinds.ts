import { type Department, type DepartmentKind, matchDepartmentKind } from "@foreman/contract";
import type { OutcomeKey } from "./workforce.ts";

// What differs between the five department screens: which figures matter and how the kind is named.

type KindScreen = {
  /** The kind in a sentence ("This company has no sales department yet"). */
  noun: string;
  /** The department's figures on cards; analytics compares every department instead (none). */
  outcomeKeys: readonly OutcomeKey[];
  /** The 2–3 figures each employee's row shows. */
  employeeKeys: readonly OutcomeKey[];
};

export const KIND_SCREENS: Record<DepartmentKind, KindScreen> = {
  sales: {
    noun: "sales",
    outcomeKeys: ["revenue", "quotes", "orders", "won", "conversion", "firstReply"],
    employeeKeys: ["revenue", "orders", "conversion"],
  },
  support: {
    noun: "support",
    outcomeKeys: ["ticketsOpened", "ticketsClosed", "timeToClose", "conversations", "actionItemsOpen", "firstReply"],
    employeeKeys: ["ticketsOpened", "ticketsClosed", "timeToClose"],
  },
  collections: {
    noun: "collections",
    outcomeKeys: ["revenue", "won", "orders", "actionItemsOpen"],
    employeeKeys: ["revenue", "won", "orders"],
  },
  retention: {
    noun: "retention",
    outcomeKeys: ["revenue", "orders", "conversations", "firstReply"],
    employeeKeys: ["revenue", "orders", "conversations"],
  },
  analytics: {
    noun: "analytics",
    outcomeKeys: [],
    employeeKeys: ["revenue", "orders", "conversations"],
  },
};

/** Placeholders stand in on the rail for a kind the company lacks (see withPlaceholderDepartments). */
export const isPlaceholderDepartment = (department: Department) => department.id.startsWith("fallback-");

/** The company's department of a kind: the first in rail order, as the rail's icon links to it. */
export function findDepartmentOfKind(departments: readonly Department[], kind: DepartmentKind): Department | null {
  return departments.find((department) => matchDepartmentKind(department.name) === kind) ?? null;
}

/**
 * Which employees' figures a screen asks for: its own department's, except analytics, which compares
 * every department and so asks for the whole workforce (its own employees are among them).
 */
export const outcomesScope = (kind: DepartmentKind, departmentId: string) =>
  kind === "analytics" ? undefined : departmentId;
