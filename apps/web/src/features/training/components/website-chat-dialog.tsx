import {
  type CompanyLanguage,
  type Department,
  normalizeOrigin,
  WEBSITE_CHAT_DEFAULT_COLOR,
  WEBSITE_CHAT_LIMITS,
  type WebsiteChat,
  type WebsiteChatCreate,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AnsweredBySelect } from "#web/components/forms/answered-by-select.tsx";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import type { EmployeeName } from "../api.ts";
import { createWebsiteChat, invalidateWebsiteChats, updateWebsiteChat } from "../website-chats-api.ts";
import { WebsiteChatSnippet } from "./website-chat-snippet.tsx";

type Values = { name: string; answeredBy: string; origins: string; greeting: string; color: string };

const GREETING_EXAMPLES = {
  en: "Hi! How can we help you today?",
  es: "¡Hola! ¿En qué podemos ayudarte hoy?",
} as const;

type WebsiteChatDialogProps = {
  companyId: string;
  /** The chat being edited, or null to add one. */
  chat: WebsiteChat | null;
  open: boolean;
  onClose: () => void;
  employees: readonly EmployeeName[];
  departments: readonly Department[];
  /** The company's language: the chat speaks it, so the greeting's example is written in it. */
  language: CompanyLanguage;
};

/** Add or edit a website chat; a new one ends on its snippet, ready to paste. */
export function WebsiteChatDialog({
  companyId,
  chat,
  open,
  onClose,
  employees,
  departments,
  language,
}: WebsiteChatDialogProps) {
  const [created, setCreated] = useState<WebsiteChat | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const title = created ? `${created.name} is ready` : chat ? `Edit ${chat.name}` : "Add a website chat";
  const description = created
    ? "Paste the snippet into your website. The chat shows on the websites you allowed, and on the demo page."
    : "A chat on your own website: choose who answers and the websites it may be used on.";
  return (
    <FormDialog open={open} onClose={close} title={title} description={description}>
      {created ? (
        <div className="grid gap-4">
          <WebsiteChatSnippet chat={created} />
          <DialogFooter>
            <Button type="button" onClick={close}>
              Done
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <WebsiteChatForm
          companyId={companyId}
          chat={chat}
          employees={employees}
          departments={departments}
          language={language}
          onCancel={close}
          onSaved={(saved) => (chat ? close() : setCreated(saved))}
        />
      )}
    </FormDialog>
  );
}

const initialValues = (chat: WebsiteChat | null): Values => ({
  name: chat?.name ?? "",
  answeredBy: chat?.aiEmployee
    ? `employee:${chat.aiEmployee.id}`
    : chat?.department
      ? `department:${chat.department.id}`
      : "",
  origins: chat?.allowedOrigins.join("\n") ?? "",
  greeting: chat?.greeting ?? "",
  color: chat?.color ?? WEBSITE_CHAT_DEFAULT_COLOR,
});

/** The chat as the API takes it, or what is wrong (the server checks again). */
export function parseWebsiteChat(
  values: Values,
): { ok: true; input: WebsiteChatCreate } | { ok: false; errors: FieldErrors<Values> } {
  const errors: FieldErrors<Values> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Name is required";
  const [kind, id] = values.answeredBy.split(":");
  if (!id) errors.answeredBy = "Choose an AI employee or a department to answer";
  const lines = values.origins
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const line of lines) {
    const origin = normalizeOrigin(line);
    if (!origin) {
      errors.origins = `${line.slice(0, 60)} is not a website address like https://shop.example (no path)`;
      break;
    }
    origins.push(origin);
  }
  if (!errors.origins && lines.length > WEBSITE_CHAT_LIMITS.origins)
    errors.origins = `At most ${WEBSITE_CHAT_LIMITS.origins} websites`;
  if (!/^#[0-9a-fA-F]{6}$/.test(values.color.trim())) errors.color = "Must be a colour like #4F46E5";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name,
      aiEmployeeId: kind === "employee" ? id! : null,
      departmentId: kind === "department" ? id! : null,
      allowedOrigins: [...new Set(origins)],
      greeting: values.greeting.trim(),
      color: values.color.trim().toUpperCase(),
    },
  };
}

type WebsiteChatFormProps = {
  companyId: string;
  chat: WebsiteChat | null;
  employees: readonly EmployeeName[];
  departments: readonly Department[];
  language: CompanyLanguage;
  onCancel: () => void;
  onSaved: (chat: WebsiteChat) => void;
};

function WebsiteChatForm({
  companyId,
  chat,
  employees,
  departments,
  language,
  onCancel,
  onSaved,
}: WebsiteChatFormProps) {
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } = useDialogForm<Values>(() =>
    initialValues(chat),
  );
  const onSubmit = submit({
    parse: parseWebsiteChat,
    save: async (input: WebsiteChatCreate) => {
      const saved = chat
        ? await updateWebsiteChat(companyId, chat.id, input)
        : await createWebsiteChat(companyId, input);
      toast({ title: chat ? `${saved.name} saved` : `${saved.name} added`, variant: "success" });
      await invalidateWebsiteChats(queryClient, companyId);
      onSaved(saved);
    },
    refusal: (error) =>
      serverFieldErrors(error, ["name", "answeredBy", "origins", "greeting", "color"] as const, {
        aiEmployeeId: "answeredBy",
        departmentId: "answeredBy",
        allowedOrigins: "origins",
      }),
  });
  const originsHint = "One per line, like https://shop.example. Foreman's demo page always works.";

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={fieldId("name")} label="Name" error={errors.name}>
        <Input
          {...control("name")}
          value={values.name}
          maxLength={WEBSITE_CHAT_LIMITS.nameLength}
          placeholder="Shop chat"
          onChange={(event) => set("name", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("answeredBy")} label="Answered by" error={errors.answeredBy}>
        <AnsweredBySelect
          {...control("answeredBy")}
          value={values.answeredBy}
          onValueChange={(value) => set("answeredBy", value)}
          employees={employees}
          departments={departments}
        />
      </FormField>
      <FormField id={fieldId("origins")} label="Allowed websites" error={errors.origins} hint={originsHint}>
        <Textarea
          {...control("origins", originsHint)}
          rows={3}
          value={values.origins}
          placeholder={"https://shop.example\nhttps://www.shop.example"}
          className="font-mono text-sm"
          onChange={(event) => set("origins", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("greeting")} label="Greeting" error={errors.greeting}>
        <Textarea
          {...control("greeting")}
          rows={2}
          value={values.greeting}
          maxLength={WEBSITE_CHAT_LIMITS.greetingLength}
          placeholder={GREETING_EXAMPLES[language]}
          onChange={(event) => set("greeting", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("color")} label="Colour" error={errors.color}>
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label="Pick a colour"
            value={/^#[0-9a-fA-F]{6}$/.test(values.color) ? values.color : WEBSITE_CHAT_DEFAULT_COLOR}
            onChange={(event) => set("color", event.target.value.toUpperCase())}
            className="h-9 w-12 cursor-pointer rounded-md border bg-background p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <Input
            {...control("color")}
            value={values.color}
            maxLength={7}
            className="w-32 font-mono"
            onChange={(event) => set("color", event.target.value)}
          />
        </div>
      </FormField>
      <FormDialogFooter
        failure={failure}
        saving={saving}
        submitLabel={chat ? "Save" : "Add website chat"}
        onCancel={onCancel}
      />
    </form>
  );
}
