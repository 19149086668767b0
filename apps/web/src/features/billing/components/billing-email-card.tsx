import { updateBillingSchema } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { billingKeys, updateBilling } from "../api.ts";

// Where invoices and payment problems are mailed: owners and admins change it, members read it.

type BillingEmailCardProps = { companyId: string; billingEmail: string | null; canManage: boolean };

export function BillingEmailCard({ companyId, billingEmail, canManage }: BillingEmailCardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(billingEmail ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const changed = email.trim() !== (billingEmail ?? "");
  const hint = canManage
    ? "Invoices and payment problems are mailed here."
    : "Invoices and payment problems are mailed here. Only owners and admins can change it.";

  async function save() {
    const parsed = updateBillingSchema.safeParse({ billingEmail: email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const saved = await updateBilling(companyId, parsed.data);
      queryClient.setQueryData(billingKeys.overview(companyId), saved);
      toast({ title: `Invoices go to ${saved.billingEmail ?? parsed.data.billingEmail}`, variant: "success" });
    } catch (failure) {
      const refusal = serverFieldErrors(failure, ["billingEmail"] as const);
      setError(refusal.fields.billingEmail ?? refusal.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="billing-email">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Billing email</h2>
        </CardTitle>
        <CardDescription>Who hears about invoices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) void save();
          }}
        >
          <label htmlFor={id} className="font-medium text-sm">
            Email
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              type="email"
              inputMode="email"
              autoComplete="email"
              className="min-w-0 flex-1 sm:max-w-80"
              placeholder="billing@example.com"
              maxLength={254}
              value={email}
              disabled={!canManage || saving}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, error, hint)}
              onChange={(event) => setEmail(event.target.value)}
            />
            {canManage ? (
              <Button type="submit" disabled={!changed || saving}>
                {saving ? <Spinner /> : null}
                Save
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-destructive text-xs">
              {error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
