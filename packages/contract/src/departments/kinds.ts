import type { Department } from "./department.ts";

export const DEPARTMENT_KINDS = ["sales", "retention", "support", "collections", "analytics"] as const;
export type DepartmentKind = (typeof DEPARTMENT_KINDS)[number];

/** English and Spanish words that name each kind. */
export const DEPARTMENT_SYNONYMS: Record<DepartmentKind, readonly string[]> = {
  sales: ["sales", "ventas", "venta"],
  retention: ["retention", "retención", "retain"],
  support: ["support", "soporte", "help", "ayuda"],
  collections: ["collections", "cobranza", "cobranzas"],
  analytics: ["analytics", "analítica", "data", "analyst"],
};

/** Placeholder sort orders. */
export const PLACEHOLDER_SORT_ORDER: Record<DepartmentKind, number> = {
  sales: 1,
  retention: 2,
  support: 3,
  collections: 4,
  analytics: 5,
};

// Accents are folded too, so "Analitica" and "Retencion" (typed without accents) still match.
function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();
}

/** Case-insensitive substring match in either direction against each kind's synonyms. */
export function matchDepartmentKind(name: string): DepartmentKind | null {
  const needle = normalize(name);
  if (!needle) return null;
  for (const kind of DEPARTMENT_KINDS) {
    const hit = DEPARTMENT_SYNONYMS[kind].some((word) => {
      const term = normalize(word);
      return needle.includes(term) || term.includes(needle);
    });
    if (hit) return kind;
  }
  return null;
}

/**
 * The department a name from outside means (an AI employees CSV's cell, a filter): the one named so,
 * case and surrounding spaces aside, else the first of the same kind (matchDepartmentKind), so a file
 * from a Spanish company ("Ventas") lands in an English one's "Sales". Null when neither exists.
 */
export function resolveDepartmentName<T extends { name: string }>(departments: readonly T[], name: string): T | null {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return null;
  const named = departments.find((department) => department.name.trim().toLowerCase() === wanted);
  if (named) return named;
  const kind = matchDepartmentKind(name);
  return kind ? (departments.find((department) => matchDepartmentKind(department.name) === kind) ?? null) : null;
}

/** Where a department's rail icon links: its kind's screen, or `/{lowercased name}`. */
export function departmentPath(name: string): string {
  const kind = matchDepartmentKind(name);
  return kind ? `/${kind}` : `/${name.trim().toLowerCase()}`;
}

export function departmentAvatar(kind: DepartmentKind): string {
  return `/aiEmployees/${kind}.svg`;
}

const titleCase = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

/** Appends an inactive, empty placeholder for every kind the server list lacks. */
export function withPlaceholderDepartments(departments: readonly Department[], now = Date.now()): Department[] {
  const present = new Set(departments.map((d) => matchDepartmentKind(d.name)));
  const placeholders = DEPARTMENT_KINDS.filter((kind) => !present.has(kind)).map(
    (kind): Department => ({
      id: `fallback-${kind}-${now}`,
      name: titleCase(kind),
      aiEmployeesCount: 0,
      sortOrder: PLACEHOLDER_SORT_ORDER[kind],
      isActive: false,
      avatarUrl: departmentAvatar(kind),
    }),
  );
  return [...departments, ...placeholders];
}

/** Shown when the departments cannot be loaded. */
export const FALLBACK_DEPARTMENTS: readonly Department[] = [
  {
    id: "fallback-sales",
    name: "Sales",
    sortOrder: 1,
    isActive: true,
    aiEmployeesCount: 1,
    avatarUrl: departmentAvatar("sales"),
  },
  {
    id: "fallback-support",
    name: "Support",
    sortOrder: 2,
    isActive: false,
    aiEmployeesCount: 0,
    avatarUrl: departmentAvatar("support"),
  },
  {
    id: "fallback-analytics",
    name: "Analytics",
    sortOrder: 3,
    isActive: false,
    aiEmployeesCount: 0,
    avatarUrl: departmentAvatar("analytics"),
  },
  {
    id: "fallback-collections",
    name: "Collections",
    sortOrder: 4,
    isActive: false,
    aiEmployeesCount: 0,
    avatarUrl: departmentAvatar("collections"),
  },
  {
    id: "fallback-retention",
    name: "Retention",
    sortOrder: 5,
    isActive: false,
    aiEmployeesCount: 0,
    avatarUrl: departmentAvatar("retention"),
  },
];
