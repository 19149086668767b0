import type { TicketPriority } from "@foreman/contract";
import type { IssueKey } from "./ticket-scripts.ts";

// What happens to each demo ticket: who opened it, when, who it is with, and what followed. Together
// a company's stories cover every state, priority and type, tickets with staff, with AI employees and
// with nobody, followers, and reopened ones. Times count in hours from the opening.

/** A staff member by their place in the company's members (demo-data.ts), or the AI employee who opened it. */
export type By = "opener" | { staff: number };
/** Who a ticket is with: the opener, a staff member, another AI employee by name, or nobody. */
export type Target = By | { ai: string } | null;

export type StoryStep = { after: number } & (
  | { kind: "assign"; by: By; to: Target }
  /** Staff's internal note (the issue's), or the opener's hand-over note. */
  | { kind: "note"; by: By }
  | { kind: "priority"; by: By; to: TicketPriority }
  | { kind: "follow"; staff: number }
  /** By the opener: the customer confirms it is solved first; by staff: with the issue's closing note. */
  | { kind: "close"; by: By }
  /** The customer writes again and the opener reopens it. */
  | { kind: "reopen" }
);

export type TicketStory = {
  issue: IssueKey;
  /** The AI employee who opened it (by name), from the customer's message in their conversation. */
  opener: string;
  daysAgo: number;
  /** Hour of that day (UTC) the customer wrote. */
  hour: number;
  /** The priority it opened with, when not the issue's usual one. */
  priority?: TicketPriority;
  responsible: Target;
  steps: StoryStep[];
};

const staff = (index: number) => ({ staff: index });

// Northwind's support department is active: Sam and Maya open tickets every few days; the owner works them.
export const NORTHWIND_TICKET_STORIES: TicketStory[] = [
  {
    issue: "damaged",
    opener: "Sam Brooks",
    daysAgo: 38,
    hour: 9,
    responsible: "opener",
    steps: [
      { after: 3, kind: "note", by: staff(0) },
      { after: 50, kind: "close", by: staff(0) },
    ],
  },
  {
    issue: "invoice",
    opener: "Sam Brooks",
    daysAgo: 35,
    hour: 14,
    responsible: null,
    steps: [{ after: 20, kind: "close", by: "opener" }],
  },
  {
    issue: "missing",
    opener: "Maya Ortiz",
    daysAgo: 31,
    hour: 10,
    responsible: "opener",
    steps: [
      { after: 26, kind: "close", by: "opener" },
      { after: 74, kind: "reopen" },
      { after: 74.1, kind: "assign", by: "opener", to: staff(0) },
      { after: 78, kind: "note", by: staff(0) },
      { after: 100, kind: "close", by: staff(0) },
    ],
  },
  {
    issue: "installation",
    opener: "Maya Ortiz",
    daysAgo: 27,
    hour: 16,
    responsible: "opener",
    steps: [{ after: 4, kind: "close", by: "opener" }],
  },
  {
    issue: "suggestion",
    opener: "Sam Brooks",
    daysAgo: 24,
    hour: 11,
    responsible: null,
    steps: [
      { after: 30, kind: "note", by: staff(0) },
      { after: 75, kind: "close", by: staff(0) },
    ],
  },
  {
    issue: "late",
    opener: "Sam Brooks",
    daysAgo: 20,
    hour: 9,
    responsible: staff(0),
    steps: [
      { after: 1, kind: "follow", staff: 0 },
      { after: 5, kind: "note", by: staff(0) },
      { after: 29, kind: "close", by: staff(0) },
    ],
  },
  {
    issue: "warranty",
    opener: "Maya Ortiz",
    daysAgo: 17,
    hour: 13,
    priority: "medium",
    responsible: "opener",
    steps: [
      { after: 6, kind: "priority", by: staff(0), to: "high" },
      { after: 6.1, kind: "assign", by: staff(0), to: staff(0) },
      { after: 30, kind: "note", by: staff(0) },
      { after: 52, kind: "close", by: staff(0) },
      { after: 170, kind: "reopen" },
    ],
  },
  {
    issue: "wrong_item",
    opener: "Sam Brooks",
    daysAgo: 13,
    hour: 10,
    responsible: "opener",
    steps: [{ after: 30, kind: "close", by: "opener" }],
  },
  {
    issue: "product_question",
    opener: "Maya Ortiz",
    daysAgo: 10,
    hour: 15,
    responsible: "opener",
    steps: [{ after: 3, kind: "close", by: "opener" }],
  },
  {
    issue: "damaged",
    opener: "Sam Brooks",
    daysAgo: 8,
    hour: 9,
    responsible: staff(0),
    steps: [
      { after: 2, kind: "note", by: staff(0) },
      { after: 2.1, kind: "follow", staff: 0 },
    ],
  },
  {
    issue: "invoice",
    opener: "Sam Brooks",
    daysAgo: 6,
    hour: 11,
    priority: "medium",
    responsible: null,
    steps: [],
  },
  {
    issue: "suggestion",
    opener: "Maya Ortiz",
    daysAgo: 5,
    hour: 17,
    responsible: "opener",
    steps: [],
  },
  {
    issue: "missing",
    opener: "Maya Ortiz",
    daysAgo: 3,
    hour: 10,
    responsible: "opener",
    steps: [
      { after: 1, kind: "note", by: "opener" },
      { after: 4, kind: "priority", by: staff(0), to: "high" },
      { after: 4.1, kind: "assign", by: staff(0), to: staff(0) },
    ],
  },
  {
    issue: "late",
    opener: "Sam Brooks",
    daysAgo: 2,
    hour: 8,
    priority: "medium",
    responsible: null,
    steps: [{ after: 3, kind: "follow", staff: 0 }],
  },
  {
    issue: "installation",
    opener: "Sam Brooks",
    daysAgo: 1,
    hour: 15,
    priority: "low",
    responsible: "opener",
    steps: [],
  },
  {
    issue: "warranty",
    opener: "Maya Ortiz",
    daysAgo: 0,
    hour: 6,
    responsible: null,
    steps: [],
  },
];

// Andes' support department went quiet when Tomás was deactivated (20 days ago): his tickets are older,
// and since then staff (Ana, a member, and the owner) and Camila from retention work what is left.
export const ANDES_TICKET_STORIES: TicketStory[] = [
  {
    issue: "damaged",
    opener: "Tomás Vidal",
    daysAgo: 48,
    hour: 10,
    responsible: "opener",
    steps: [{ after: 28, kind: "close", by: "opener" }],
  },
  {
    issue: "invoice",
    opener: "Tomás Vidal",
    daysAgo: 45,
    hour: 15,
    responsible: null,
    steps: [{ after: 22, kind: "close", by: staff(1) }],
  },
  {
    issue: "missing",
    opener: "Tomás Vidal",
    daysAgo: 42,
    hour: 9,
    responsible: "opener",
    steps: [
      { after: 24, kind: "close", by: "opener" },
      { after: 72, kind: "reopen" },
      { after: 72.1, kind: "assign", by: "opener", to: staff(1) },
      { after: 76, kind: "note", by: staff(1) },
      { after: 96, kind: "close", by: staff(1) },
    ],
  },
  {
    issue: "installation",
    opener: "Tomás Vidal",
    daysAgo: 39,
    hour: 11,
    responsible: "opener",
    steps: [{ after: 5, kind: "close", by: "opener" }],
  },
  {
    issue: "late",
    opener: "Tomás Vidal",
    daysAgo: 36,
    hour: 16,
    responsible: null,
    steps: [
      { after: 4, kind: "note", by: staff(1) },
      { after: 6, kind: "assign", by: staff(0), to: { ai: "Camila Soto" } },
      { after: 6.1, kind: "follow", staff: 1 },
    ],
  },
  {
    issue: "suggestion",
    opener: "Tomás Vidal",
    daysAgo: 33,
    hour: 10,
    responsible: "opener",
    steps: [
      { after: 50, kind: "note", by: staff(1) },
      { after: 300, kind: "close", by: staff(1) },
    ],
  },
  {
    issue: "warranty",
    opener: "Tomás Vidal",
    daysAgo: 30,
    hour: 12,
    priority: "medium",
    responsible: "opener",
    steps: [
      { after: 2, kind: "priority", by: "opener", to: "high" },
      { after: 240, kind: "assign", by: staff(0), to: staff(0) },
      { after: 241, kind: "note", by: staff(0) },
    ],
  },
  {
    issue: "product_question",
    opener: "Tomás Vidal",
    daysAgo: 28,
    hour: 17,
    responsible: "opener",
    steps: [{ after: 2, kind: "close", by: "opener" }],
  },
  {
    issue: "damaged",
    opener: "Tomás Vidal",
    daysAgo: 26,
    hour: 9,
    responsible: "opener",
    steps: [
      { after: 130, kind: "assign", by: staff(0), to: staff(1) },
      { after: 130.1, kind: "follow", staff: 0 },
      { after: 150, kind: "note", by: staff(1) },
    ],
  },
  {
    issue: "wrong_item",
    opener: "Tomás Vidal",
    daysAgo: 25,
    hour: 10,
    responsible: "opener",
    steps: [
      { after: 20, kind: "close", by: "opener" },
      { after: 80, kind: "reopen" },
      { after: 80.1, kind: "assign", by: "opener", to: staff(1) },
    ],
  },
  {
    issue: "invoice",
    opener: "Tomás Vidal",
    daysAgo: 23,
    hour: 14,
    responsible: null,
    steps: [],
  },
  {
    issue: "missing",
    opener: "Tomás Vidal",
    daysAgo: 22,
    hour: 11,
    priority: "low",
    responsible: "opener",
    steps: [{ after: 60, kind: "close", by: staff(1) }],
  },
];
