import {
  type CreateTicket,
  type CreateTicketBody,
  createTicketSchema,
  fieldErrors,
  TICKET_DEFAULTS,
  type TicketPriority,
  type TicketSource,
  type TicketType,
} from "@foreman/contract";
import type { FieldErrors } from "#web/components/forms/use-dialog-form.ts";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { parseAssigneeValue } from "./assignees.ts";

// The new-ticket form's values, the body they make, and where the contract's (or the server's)
// complaints about that body belong on the form.

export type NewTicketValues = {
  /** The client is picked from the company's customers, or typed in as a new one. */
  clientMode: "pick" | "new";
  customerId: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientOrganization: string;
  subject: string;
  description: string;
  priority: TicketPriority;
  type: TicketType;
  source: TicketSource;
  /** "" (nobody), "user:<id>" or "ai_employee:<id>". */
  responsible: string;
  /** Comma-separated. */
  tags: string;
};

export const EMPTY_NEW_TICKET: NewTicketValues = {
  clientMode: "pick",
  customerId: "",
  clientName: "",
  clientEmail: "",
  clientPhone: "",
  clientOrganization: "",
  subject: "",
  description: "",
  ...TICKET_DEFAULTS,
  responsible: "",
  tags: "",
};

const optional = (text: string) => text.trim() || undefined;

/** The API body of the form: only the client of the chosen mode, empty optional fields left out. */
export function newTicketBody(values: NewTicketValues): CreateTicketBody {
  const picked = values.clientMode === "pick";
  return {
    subject: values.subject,
    description: values.description,
    priority: values.priority,
    type: values.type,
    source: values.source,
    customerId: picked ? optional(values.customerId) : undefined,
    client: picked
      ? undefined
      : {
          fullName: values.clientName,
          email: optional(values.clientEmail),
          phone: optional(values.clientPhone),
          organization: optional(values.clientOrganization),
        },
    responsible: parseAssigneeValue(values.responsible) ?? undefined,
    tags: values.tags.split(",").filter((tag) => tag.trim() !== ""),
  };
}

/** The form's field of each name a complaint may give: the contract's (camelCase) and the server's (snake_case). */
const FIELDS: Record<string, keyof NewTicketValues> = {
  customerId: "customerId",
  customer_id: "customerId",
  conversationId: "customerId",
  conversation_id: "customerId",
  client: "clientName",
  "client.fullName": "clientName",
  "client.full_name": "clientName",
  "client.email": "clientEmail",
  "client.phone": "clientPhone",
  "client.organization": "clientOrganization",
  subject: "subject",
  description: "description",
  priority: "priority",
  type: "type",
  source: "source",
  responsible: "responsible",
  tags: "tags",
};

/** The form's field for a complaint about `path` ("client.full_name", "tags.2", "responsible.id"). */
export function newTicketFieldOf(path: string): keyof NewTicketValues | undefined {
  const [head = ""] = path.split(".");
  return FIELDS[path] ?? (head === "client" ? undefined : FIELDS[head]);
}

type Parsed = { ok: true; input: CreateTicket } | { ok: false; errors: FieldErrors<NewTicketValues> };

/** The body as the API takes it, or each field's message (the contract's, which the server repeats). */
export function parseNewTicket(values: NewTicketValues): Parsed {
  const parsed = createTicketSchema.safeParse(newTicketBody(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors<NewTicketValues> = {};
  for (const { field, message } of fieldErrors(parsed.error)) {
    const key = newTicketFieldOf(field);
    if (key && !errors[key]) errors[key] = message;
  }
  return { ok: false, errors };
}

/** A refused save by the form's fields, or as one message when it names none of them. */
export function newTicketRefusal(error: unknown): { fields: FieldErrors<NewTicketValues>; message?: string } {
  const fields: FieldErrors<NewTicketValues> = {};
  if (isApiError(error) && Array.isArray(error.body.details)) {
    for (const detail of error.body.details) {
      const key = newTicketFieldOf(String(detail.field));
      if (key && !fields[key]) fields[key] = detail.message;
    }
  }
  return Object.keys(fields).length > 0 ? { fields } : { fields, message: describeError(error) };
}
