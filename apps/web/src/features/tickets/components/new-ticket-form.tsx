import {
  type CreateTicket,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  TICKET_SOURCES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
  type TicketDetail,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { afterTicketChange, createTicket } from "../api.ts";
import { ASSIGN_OTHERS_REASON, type Assignee, type Assignees, assigneeValue, mayAssign } from "../assignees.ts";
import { EMPTY_NEW_TICKET, type NewTicketValues, newTicketRefusal, parseNewTicket } from "../new-ticket-values.ts";
import { ClientPicker } from "./client-picker.tsx";

export type NewTicketDialogProps = {
  open: boolean;
  onClose: () => void;
  assignees: Assignees;
  /** The ticket once opened (the desk shows its preview). */
  onCreated: (ticket: TicketDetail) => void;
};

/** The create-ticket form in a dialog: the client picked or typed, the request, and who has it. */
export function NewTicketFormDialog({ open, onClose, assignees, onCreated }: NewTicketDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="New ticket"
      description="A request from a client: what they need, how urgent it is, and who takes care of it."
    >
      <NewTicketForm assignees={assignees} onClose={onClose} onCreated={onCreated} />
    </FormDialog>
  );
}

function NewTicketForm({ assignees, onClose, onCreated }: Omit<NewTicketDialogProps, "open">) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } =
    useDialogForm<NewTicketValues>(EMPTY_NEW_TICKET);
  const onSubmit = submit({
    parse: parseNewTicket,
    save: async (input: CreateTicket) => {
      const ticket = await createTicket(companyId, input);
      // Its preview opens in the dialog's place and says it all (a toast would also take the first Escape).
      onClose();
      onCreated(ticket);
      await afterTicketChange(queryClient, companyId, ticket);
    },
    // A refusal keeps everything typed; its messages go on the fields they name.
    refusal: newTicketRefusal,
  });
  const tagsHint = `Separated by commas, at most ${TICKET_LIMITS.tags}.`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="new-ticket-form">
      <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
        <legend className="mb-1 font-medium text-sm">Client</legend>
        <div className="inline-flex w-fit rounded-lg bg-muted p-1">
          <ModeButton pressed={values.clientMode === "pick"} onClick={() => set("clientMode", "pick")}>
            Pick a client
          </ModeButton>
          <ModeButton pressed={values.clientMode === "new"} onClick={() => set("clientMode", "new")}>
            New client
          </ModeButton>
        </div>
        {values.clientMode === "pick" ? (
          <FormField id={fieldId("customerId")} label="Find a client" error={errors.customerId}>
            <ClientPicker
              id={fieldId("customerId")}
              aria-describedby={control("customerId")["aria-describedby"]}
              value={values.customerId}
              onChange={(customerId) => set("customerId", customerId)}
              onNewClient={() => set("clientMode", "new")}
              error={errors.customerId}
            />
          </FormField>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={fieldId("clientName")} label="Name" error={errors.clientName}>
              <Input
                {...control("clientName")}
                autoComplete="off"
                value={values.clientName}
                maxLength={120}
                onChange={(event) => set("clientName", event.target.value)}
              />
            </FormField>
            <FormField id={fieldId("clientOrganization")} label="Organization" error={errors.clientOrganization}>
              <Input
                {...control("clientOrganization")}
                autoComplete="off"
                value={values.clientOrganization}
                maxLength={120}
                onChange={(event) => set("clientOrganization", event.target.value)}
              />
            </FormField>
            <FormField id={fieldId("clientEmail")} label="Email" error={errors.clientEmail}>
              <Input
                {...control("clientEmail")}
                type="email"
                autoComplete="off"
                value={values.clientEmail}
                onChange={(event) => set("clientEmail", event.target.value)}
              />
            </FormField>
            <FormField id={fieldId("clientPhone")} label="Phone" error={errors.clientPhone}>
              <Input
                {...control("clientPhone")}
                type="tel"
                autoComplete="off"
                value={values.clientPhone}
                maxLength={40}
                onChange={(event) => set("clientPhone", event.target.value)}
              />
            </FormField>
          </div>
        )}
      </fieldset>
      <FormField id={fieldId("subject")} label="Subject" error={errors.subject}>
        <Input
          {...control("subject")}
          value={values.subject}
          maxLength={TICKET_LIMITS.subject}
          onChange={(event) => set("subject", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("description")} label="Issue" error={errors.description}>
        <Textarea
          {...control("description")}
          value={values.description}
          rows={4}
          maxLength={TICKET_LIMITS.description}
          placeholder="What happened, and what the client asks for"
          onChange={(event) => set("description", event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={fieldId("priority")} label="Priority" error={errors.priority}>
          <select
            {...control("priority")}
            className={SELECT_CLASS}
            value={values.priority}
            onChange={(event) => set("priority", event.target.value as NewTicketValues["priority"])}
          >
            {TICKET_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {TICKET_PRIORITY_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldId("type")} label="Type" error={errors.type}>
          <select
            {...control("type")}
            className={SELECT_CLASS}
            value={values.type}
            onChange={(event) => set("type", event.target.value as NewTicketValues["type"])}
          >
            {TICKET_TYPES.map((value) => (
              <option key={value} value={value}>
                {TICKET_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldId("source")} label="Source" error={errors.source}>
          <select
            {...control("source")}
            className={SELECT_CLASS}
            value={values.source}
            onChange={(event) => set("source", event.target.value as NewTicketValues["source"])}
          >
            {TICKET_SOURCES.map((value) => (
              <option key={value} value={value}>
                {TICKET_SOURCE_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId("responsible")}
          label="Responsible"
          error={errors.responsible}
          hint={assignees.canAssignOthers ? undefined : `${ASSIGN_OTHERS_REASON}.`}
        >
          <select
            {...control("responsible", assignees.canAssignOthers ? undefined : ASSIGN_OTHERS_REASON)}
            className={SELECT_CLASS}
            value={values.responsible}
            onChange={(event) => set("responsible", event.target.value)}
          >
            <option value="">Nobody yet</option>
            <AssigneeOptions label="Staff" people={assignees.staff} assignees={assignees} />
            <AssigneeOptions label="AI employees" people={assignees.aiEmployees} assignees={assignees} />
          </select>
        </FormField>
        <FormField id={fieldId("tags")} label="Tags" error={errors.tags} hint={tagsHint}>
          <Input
            {...control("tags", tagsHint)}
            value={values.tags}
            placeholder="damaged, refund"
            onChange={(event) => set("tags", event.target.value)}
          />
        </FormField>
      </div>
      <FormDialogFooter failure={failure} saving={saving} submitLabel="Create ticket" onCancel={onClose} />
    </form>
  );
}

function ModeButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-7 items-center rounded-md px-2.5 font-medium text-muted-foreground text-xs outline-none transition-colors",
        "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        pressed && "bg-background text-foreground shadow-xs dark:bg-input/30",
      )}
    >
      {children}
    </button>
  );
}

/** One group of the responsible select; members see only themselves as a choice they may make. */
function AssigneeOptions({ label, people, assignees }: { label: string; people: Assignee[]; assignees: Assignees }) {
  if (people.length === 0) return null;
  return (
    <optgroup label={label}>
      {people.map((who) => (
        <option key={who.id} value={assigneeValue(who)} disabled={!mayAssign(assignees, who)}>
          {who.id === assignees.me?.id ? `${who.name} (you)` : who.name}
        </option>
      ))}
    </optgroup>
  );
}
