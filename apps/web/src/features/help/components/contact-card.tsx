import { HELP_CONTACT_LIMITS, type HelpContact, helpContactSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { isApiError, tooManyAttemptsMessage } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { sendSupportMessage } from "../api.ts";

const FIELDS = ["subject", "message"] as const;
const MESSAGE_HINT = "What you were doing, what you expected and what happened. We answer by email.";

/** Writing to support when the articles did not answer: mailed to the server's support address. */
export function ContactCard() {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<HelpContact>({
    resolver: zodResolver(helpContactSchema),
    defaultValues: { subject: "", message: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldId = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const control = (name: (typeof FIELDS)[number], hint?: string) => ({
    id: fieldId(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(fieldId(name), errors[name]?.message, hint),
    ...form.register(name),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sendSupportMessage(values);
      form.reset();
      toast({ title: "Message sent", description: "Support will answer you by email.", variant: "success" });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setFailure(tooManyAttemptsMessage(error.retryAfterSeconds));
        return;
      }
      const refused = serverFieldErrors(error, FIELDS);
      for (const [field, message] of Object.entries(refused.fields) as [(typeof FIELDS)[number], string][])
        form.setError(field, { type: "server", message }, { shouldFocus: true });
      setFailure(refused.message ?? null);
    }
  });

  return (
    <Card id="contact" className="scroll-mt-6 gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 text-muted-foreground" />
          <h2>Contact support</h2>
        </CardTitle>
        <CardDescription>Didn't find your answer? Write to us.</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <form noValidate onSubmit={submit} aria-label="Contact support" className="grid gap-4">
          <FormField id={fieldId("subject")} label="Subject" error={errors.subject?.message}>
            <Input maxLength={HELP_CONTACT_LIMITS.subject} {...control("subject")} />
          </FormField>
          <FormField id={fieldId("message")} label="Message" error={errors.message?.message} hint={MESSAGE_HINT}>
            <Textarea
              rows={5}
              className="min-h-28"
              maxLength={HELP_CONTACT_LIMITS.message}
              {...control("message", MESSAGE_HINT)}
            />
          </FormField>
          <FormAlert message={failure} />
          <Button type="submit" disabled={isSubmitting} className="justify-self-start">
            {isSubmitting ? <Spinner /> : null}
            Send message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
