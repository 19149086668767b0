import {
  type AiEmployeeStatus,
  type CompanyRole,
  type ContactPoint,
  type Currency,
  type DepartmentKind,
  employeePreset,
  type HumanApprovalAction,
} from "@foreman/contract";
import { STANDARD_SKILLS, type StandardSkill } from "#server/modules/skills/standard-skills.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE, type SalesProfile } from "./sales-profiles.ts";
import { ANDES_TICKET_STORIES, NORTHWIND_TICKET_STORIES, type TicketStory } from "./ticket-stories.ts";

// The demo workspace (fixed data, so every fresh database looks the same).
export const DEMO_PASSWORD = "foreman-demo";

export const DEMO_USERS = [
  { key: "demo", email: "demo@example.com", firstName: "Demo", lastName: "Manager" },
  { key: "ana", email: "ana@example.com", firstName: "Ana", lastName: "Rivera" },
] as const;
export type DemoUserKey = (typeof DEMO_USERS)[number]["key"];

export type DemoEmployee = {
  name: string;
  role: string;
  status: AiEmployeeStatus;
  languages: string[];
  persona: string;
  instructions: string;
  maxDiscountPercent: number;
  maxOrderTotalCents: number;
  actionsRequiringHuman: HumanApprovalAction[];
  contactPoints: ContactPoint[];
  /** Names of the company's skills. */
  skills: string[];
};
type DemoDepartment = { kind: DepartmentKind; name: string; isActive: boolean; employees: DemoEmployee[] };
type DemoCompany = {
  name: string;
  /** The language its staff and customers use (its skills, documents and channel names). */
  language: "en" | "es";
  /** The company's skills (the training centre's "active skills"). */
  skills: readonly StandardSkill[];
  /** The main currency (sales indicators total completed orders in it). */
  currency: Currency;
  members: { user: DemoUserKey; role: CompanyRole }[];
  /** Whether its members may authorize action items and cancel placed orders (owners and admins always may). */
  membersMayApprove: boolean;
  departments: DemoDepartment[];
  sales: SalesProfile;
  /** Its support tickets, told on its conversations (seed-tickets.ts). */
  tickets: TicketStory[];
};

/** Orders per demo company over the twelve months (leads are 1.5× as many). */
export const DEMO_ORDERS_PER_COMPANY = 300;
export const DEMO_SALES_MONTHS = 12;
/** Action items per demo company: open ones (due in 1–48 h) and answered ones. */
export const DEMO_TODO_TASKS_PER_COMPANY = 8;
export const DEMO_DONE_TASKS_PER_COMPANY = 10;

/**
 * An employee with its department's hiring preset (skills, languages, guardrails: the contract's
 * employeePreset, as a new company's hire form offers it), a persona in its own name, and `extra` on top.
 * Spanish employees work for Andes Comercial, whose currency is CLP.
 */
function employee(
  kind: DepartmentKind,
  name: string,
  role: string,
  options: { spanish?: boolean; extra?: Partial<DemoEmployee> } = {},
): DemoEmployee {
  const spanish = options.spanish ?? false;
  const preset = employeePreset(kind, spanish ? "es" : "en", spanish ? "CLP" : "USD");
  const sells = kind === "sales" || kind === "retention";
  return {
    name,
    role,
    status: "active",
    languages: preset.languages,
    persona: spanish
      ? `Soy ${name.split(" ")[0]}, ${role.toLowerCase()}. Hablo claro, con calidez y sin tecnicismos.`
      : `I am ${name.split(" ")[0]}, ${role.toLowerCase()}. Warm, clear and brief; no jargon.`,
    instructions: sells
      ? spanish
        ? "Cotiza solo con precios del catálogo. Nunca prometas plazos de entrega que el pedido no tenga."
        : "Quote only catalog prices. Never promise a delivery date the order does not have."
      : spanish
        ? "Responde con datos de los pedidos del cliente. Si no sabes, pregunta a una persona."
        : "Answer from the customer's orders. When unsure, ask a person.",
    ...preset.guardrails,
    contactPoints: [],
    skills: preset.skillNames,
    ...options.extra,
  };
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: "Northwind Supply",
    language: "en",
    currency: "USD",
    skills: STANDARD_SKILLS.en,
    sales: NORTHWIND_PROFILE,
    tickets: NORTHWIND_TICKET_STORIES,
    members: [{ user: "demo", role: "owner" }],
    membersMayApprove: false,
    departments: [
      {
        kind: "sales",
        name: "Sales",
        isActive: true,
        employees: [
          employee("sales", "Nora Quinn", "Sales development representative", {
            extra: { contactPoints: [{ channel: "whatsapp", address: "+1 415 555 0142" }] },
          }),
          employee("sales", "Leo Hart", "Account executive", {
            extra: {
              maxDiscountPercent: 10,
              maxOrderTotalCents: 1_000_000,
              contactPoints: [{ channel: "email", address: "sales@northwind.example" }],
            },
          }),
          employee("sales", "Ivy Chen", "Quote specialist", {
            extra: { contactPoints: [{ channel: "web_chat", address: "northwind.example/chat" }] },
          }),
        ],
      },
      {
        kind: "retention",
        name: "Retention",
        isActive: false,
        employees: [employee("retention", "Rita Vance", "Win-back specialist", { extra: { status: "inactive" } })],
      },
      {
        kind: "support",
        name: "Support",
        isActive: true,
        employees: [
          employee("support", "Sam Brooks", "Customer support agent", {
            extra: { contactPoints: [{ channel: "email", address: "help@northwind.example" }] },
          }),
          employee("support", "Maya Ortiz", "Technical support agent", {
            extra: { contactPoints: [{ channel: "phone", address: "+1 415 555 0199" }] },
          }),
        ],
      },
      {
        kind: "collections",
        name: "Collections",
        isActive: false,
        employees: [employee("collections", "Owen Blake", "Collections agent", { extra: { status: "inactive" } })],
      },
      {
        kind: "analytics",
        name: "Analytics",
        isActive: true,
        employees: [employee("analytics", "Theo Park", "Data analyst")],
      },
    ],
  },
  {
    name: "Andes Comercial",
    language: "es",
    currency: "CLP",
    skills: STANDARD_SKILLS.es,
    sales: ANDES_PROFILE,
    tickets: ANDES_TICKET_STORIES,
    members: [
      { user: "demo", role: "owner" },
      { user: "ana", role: "member" },
    ],
    // Ana, a member, decides the answered authorizations its history shows.
    membersMayApprove: true,
    departments: [
      {
        kind: "sales",
        name: "Ventas",
        isActive: true,
        employees: [
          employee("sales", "Lucía Fernández", "Ejecutiva de ventas", {
            spanish: true,
            extra: { contactPoints: [{ channel: "whatsapp", address: "+56 9 5555 0101" }] },
          }),
          employee("sales", "Mateo Rojas", "Representante de desarrollo de ventas", {
            spanish: true,
            extra: { contactPoints: [{ channel: "email", address: "ventas@andes.example" }] },
          }),
        ],
      },
      {
        kind: "retention",
        name: "Retención",
        isActive: true,
        employees: [employee("retention", "Camila Soto", "Especialista en retención", { spanish: true })],
      },
      {
        kind: "support",
        name: "Soporte",
        isActive: false,
        employees: [
          employee("support", "Tomás Vidal", "Agente de soporte", { spanish: true, extra: { status: "inactive" } }),
        ],
      },
      {
        kind: "collections",
        name: "Cobranza",
        isActive: true,
        employees: [
          employee("collections", "Diego Paredes", "Gestor de cobranza", {
            spanish: true,
            extra: { contactPoints: [{ channel: "sms", address: "+56 9 5555 0177" }] },
          }),
          employee("collections", "Valentina Ruiz", "Analista de cartera", { spanish: true }),
        ],
      },
      {
        kind: "analytics",
        name: "Analítica",
        isActive: false,
        employees: [
          employee("analytics", "Julián Mora", "Analista de datos", { spanish: true, extra: { status: "inactive" } }),
        ],
      },
    ],
  },
];
