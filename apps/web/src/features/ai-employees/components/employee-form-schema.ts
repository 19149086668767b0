import {
  AI_EMPLOYEE_LIMITS,
  type AiEmployee,
  type AiEmployeeInput,
  type AiEmployeePatch,
  aiEmployeeInputSchema,
  centsToDecimal,
  contactPointSchema,
  decimalToCents,
  guardrailsSchema,
  languageCodeSchema,
} from "@foreman/contract";
import { z } from "zod";

// The hire / edit form: the contract's hiring rules, with the fields as a person types them (lists as
// comma-separated text, the order limit in currency units) turned into the API's shape on submit.

const shape = aiEmployeeInputSchema.shape;

const splitList = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** A comma-separated field checked item by item; the first problem is the field's (not an item's) error. */
function commaList<T>(items: z.ZodType<T[]>) {
  return z.string().transform((text, ctx) => {
    const parsed = items.safeParse(splitList(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const at = issue.path.find((key) => typeof key === "number");
    ctx.addIssue({
      code: "custom",
      message: typeof at === "number" ? `Item ${at + 1}: ${issue.message}` : issue.message,
    });
    return z.NEVER;
  });
}

export const employeeFormSchema = z.object({
  name: shape.name,
  role: shape.role,
  departmentId: shape.departmentId,
  avatarUrl: z
    .string()
    .trim()
    .max(500, { error: "Must be at most 500 characters" })
    .transform((url) => url || null),
  languages: commaList(
    z
      .array(languageCodeSchema)
      .min(1, { error: "Choose at least one language" })
      .max(AI_EMPLOYEE_LIMITS.languages, { error: `At most ${AI_EMPLOYEE_LIMITS.languages} languages` }),
  ),
  persona: z
    .string()
    .trim()
    .max(AI_EMPLOYEE_LIMITS.persona, { error: `At most ${AI_EMPLOYEE_LIMITS.persona} characters` }),
  instructions: z
    .string()
    .trim()
    .max(AI_EMPLOYEE_LIMITS.instructions, { error: `At most ${AI_EMPLOYEE_LIMITS.instructions} characters` }),
  maxDiscountPercent: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const parsed = guardrailsSchema.shape.maxDiscountPercent.safeParse(text === "" ? 0 : Number(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: "Must be a number between 0 and 100, at most two decimals" });
      return z.NEVER;
    }),
  maxOrderTotal: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const cents = decimalToCents(text === "" ? "0" : text);
      if (cents !== null) return cents;
      ctx.addIssue({ code: "custom", message: "Must be an amount like 1500.00 (zero or more, two decimals)" });
      return z.NEVER;
    }),
  actionsRequiringHuman: guardrailsSchema.shape.actionsRequiringHuman,
  contactPoints: z
    .array(contactPointSchema)
    .max(AI_EMPLOYEE_LIMITS.contactPoints, { error: `At most ${AI_EMPLOYEE_LIMITS.contactPoints} contact points` }),
  skills: commaList(
    z.array(shape.skills.unwrap().element).max(AI_EMPLOYEE_LIMITS.skills, {
      error: `At most ${AI_EMPLOYEE_LIMITS.skills} skills`,
    }),
  ),
});

export type EmployeeFormValues = z.input<typeof employeeFormSchema>;
export type EmployeeFormOutput = z.output<typeof employeeFormSchema>;
export type EmployeeFormField = keyof EmployeeFormValues;

/** A new hire's form: English, no limits, the department chosen when the page has one in mind. */
export function emptyEmployeeForm(departmentId = ""): EmployeeFormValues {
  return {
    name: "",
    role: "",
    departmentId,
    avatarUrl: "",
    languages: "en",
    persona: "",
    instructions: "",
    maxDiscountPercent: "0",
    maxOrderTotal: "0.00",
    actionsRequiringHuman: [],
    contactPoints: [],
    skills: "",
  };
}

/** An employee as the edit form shows it. */
export function employeeToForm(employee: AiEmployee): EmployeeFormValues {
  return {
    name: employee.name,
    role: employee.role,
    departmentId: employee.department.id,
    avatarUrl: employee.avatarUrl ?? "",
    languages: employee.languages.join(", "),
    persona: employee.persona,
    instructions: employee.instructions,
    maxDiscountPercent: String(employee.guardrails.maxDiscountPercent),
    maxOrderTotal: centsToDecimal(employee.guardrails.maxOrderTotalCents),
    actionsRequiringHuman: [...employee.guardrails.actionsRequiringHuman],
    contactPoints: employee.contactPoints.map((point) => ({ ...point })),
    skills: employee.skills.map((skill) => skill.name).join(", "),
  };
}

/** The checked form as the hiring API takes it. */
export function formToInput(values: EmployeeFormOutput): Required<AiEmployeeInput> {
  return {
    name: values.name,
    role: values.role,
    departmentId: values.departmentId,
    avatarUrl: values.avatarUrl,
    languages: values.languages,
    persona: values.persona,
    instructions: values.instructions,
    guardrails: {
      maxDiscountPercent: values.maxDiscountPercent,
      maxOrderTotalCents: values.maxOrderTotal,
      actionsRequiringHuman: values.actionsRequiringHuman,
    },
    contactPoints: values.contactPoints,
    skills: values.skills,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed from the employee (the guardrails as a whole); empty when nothing did. */
export function changedFields(employee: AiEmployee, values: EmployeeFormOutput): AiEmployeePatch {
  const next = formToInput(values);
  const before: Required<AiEmployeeInput> = {
    name: employee.name,
    role: employee.role,
    departmentId: employee.department.id,
    avatarUrl: employee.avatarUrl,
    languages: employee.languages,
    persona: employee.persona,
    instructions: employee.instructions,
    guardrails: employee.guardrails,
    contactPoints: employee.contactPoints,
    skills: employee.skills.map((skill) => skill.name),
  };
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (!same(next[key], before[key])) patch[key] = next[key];
  }
  return patch as AiEmployeePatch;
}

/**
 * The form field a server detail names (`guardrails.maxOrderTotalCents`, `contactPoints.1`,
 * `languages.0`…), or null for one the form has no field for.
 */
export function formFieldOf(field: string): string | null {
  const [head, index, leaf] = field.split(".");
  switch (head) {
    case "name":
    case "role":
    case "departmentId":
    case "avatarUrl":
    case "languages":
    case "persona":
    case "instructions":
    case "skills":
      return head;
    case "guardrails":
      if (index === "maxOrderTotalCents") return "maxOrderTotal";
      if (index === "maxDiscountPercent" || index === "actionsRequiringHuman") return index;
      return null;
    case "contactPoints":
      if (index === undefined || !/^\d+$/.test(index)) return "contactPoints";
      return `contactPoints.${index}.${leaf === "channel" ? "channel" : "address"}`;
    default:
      return null;
  }
}
