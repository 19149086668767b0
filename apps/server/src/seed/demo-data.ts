import type { CompanyRole, Currency, DepartmentKind } from "@foreman/contract";
import { ANDES_PROFILE, NORTHWIND_PROFILE, type SalesProfile } from "./sales-profiles.ts";

// The demo workspace (fixed data, so every fresh database looks the same).
export const DEMO_PASSWORD = "foreman-demo";

export const DEMO_USERS = [
  { key: "demo", email: "demo@example.com", firstName: "Demo", lastName: "Manager" },
  { key: "ana", email: "ana@example.com", firstName: "Ana", lastName: "Rivera" },
] as const;
export type DemoUserKey = (typeof DEMO_USERS)[number]["key"];

type DemoEmployee = { name: string; role: string };
type DemoDepartment = { kind: DepartmentKind; name: string; isActive: boolean; employees: DemoEmployee[] };
type DemoCompany = {
  name: string;
  /** The main currency (sales indicators total completed orders in it). */
  currency: Currency;
  members: { user: DemoUserKey; role: CompanyRole }[];
  departments: DemoDepartment[];
  sales: SalesProfile;
};

/** Orders per demo company over the twelve months (leads are 1.5× as many). */
export const DEMO_ORDERS_PER_COMPANY = 300;
export const DEMO_SALES_MONTHS = 12;
/** Action items per demo company: open ones (due in 1–48 h) and answered ones. */
export const DEMO_TODO_TASKS_PER_COMPANY = 8;
export const DEMO_DONE_TASKS_PER_COMPANY = 10;

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: "Northwind Supply",
    currency: "USD",
    sales: NORTHWIND_PROFILE,
    members: [{ user: "demo", role: "owner" }],
    departments: [
      {
        kind: "sales",
        name: "Sales",
        isActive: true,
        employees: [
          { name: "Nora Quinn", role: "Sales development representative" },
          { name: "Leo Hart", role: "Account executive" },
          { name: "Ivy Chen", role: "Quote specialist" },
        ],
      },
      { kind: "retention", name: "Retention", isActive: false, employees: [] },
      {
        kind: "support",
        name: "Support",
        isActive: true,
        employees: [
          { name: "Sam Brooks", role: "Customer support agent" },
          { name: "Maya Ortiz", role: "Technical support agent" },
        ],
      },
      { kind: "collections", name: "Collections", isActive: false, employees: [] },
      {
        kind: "analytics",
        name: "Analytics",
        isActive: true,
        employees: [{ name: "Theo Park", role: "Data analyst" }],
      },
    ],
  },
  {
    name: "Andes Comercial",
    currency: "CLP",
    sales: ANDES_PROFILE,
    members: [
      { user: "demo", role: "owner" },
      { user: "ana", role: "member" },
    ],
    departments: [
      {
        kind: "sales",
        name: "Ventas",
        isActive: true,
        employees: [
          { name: "Lucía Fernández", role: "Ejecutiva de ventas" },
          { name: "Mateo Rojas", role: "Representante de desarrollo de ventas" },
        ],
      },
      {
        kind: "retention",
        name: "Retención",
        isActive: true,
        employees: [{ name: "Camila Soto", role: "Especialista en retención" }],
      },
      { kind: "support", name: "Soporte", isActive: false, employees: [] },
      {
        kind: "collections",
        name: "Cobranza",
        isActive: true,
        employees: [
          { name: "Diego Paredes", role: "Gestor de cobranza" },
          { name: "Valentina Ruiz", role: "Analista de cartera" },
        ],
      },
      { kind: "analytics", name: "Analítica", isActive: false, employees: [] },
    ],
  },
];
