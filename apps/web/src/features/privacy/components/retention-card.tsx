import { RETENTION_DAY_CHOICES, retentionLabel } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { privacyKeys, updateRetention } from "../api.ts";

const FOREVER = "forever";
const optionValue = (days: number | null) => (days === null ? FOREVER : String(days));
const daysOf = (value: string) => (value === FOREVER ? null : Number(value));

type RetentionCardProps = {
  companyId: string;
  /** The saved period (null: forever). */
  retentionDays: number | null;
  canManage: boolean;
};

/** How long conversations are kept: owners and admins choose and save; members see the period. */
export function RetentionCard({ companyId, retentionDays, canManage }: RetentionCardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(optionValue(retentionDays));
  const [saving, setSaving] = useState(false);
  // A period set through the API that the list does not offer is shown as it is.
  const choices: (number | null)[] = [...RETENTION_DAY_CHOICES, null];
  if (retentionDays !== null && !choices.includes(retentionDays)) choices.unshift(retentionDays);
  const changed = choice !== optionValue(retentionDays);

  async function save() {
    setSaving(true);
    try {
      const days = daysOf(choice);
      await updateRetention(companyId, days);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.settings(companyId) });
      toast({
        title:
          days === null
            ? "Conversations are kept forever"
            : `Conversations are kept ${retentionLabel(days).toLowerCase()}`,
        variant: "success",
      });
    } catch (error) {
      toast({ title: "The period could not be saved", description: describeError(error), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="retention-card">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Conversation retention</h2>
        </CardTitle>
        <CardDescription>
          Conversations whose last message is older than this are deleted every night, with their messages and files.
          Leads, orders and tickets stay.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) void save();
          }}
        >
          <div className="grid min-w-48 flex-1 gap-1.5 sm:max-w-64 sm:flex-none">
            <label htmlFor={id} className="font-medium text-sm">
              Keep conversations for
            </label>
            <select
              id={id}
              className={SELECT_CLASS}
              value={choice}
              disabled={!canManage || saving}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setChoice(event.target.value)}
            >
              {choices.map((days) => (
                <option key={optionValue(days)} value={optionValue(days)}>
                  {retentionLabel(days)}
                </option>
              ))}
            </select>
          </div>
          {canManage ? (
            <Button type="submit" disabled={!changed || saving}>
              {saving ? <Spinner /> : null}
              Save
            </Button>
          ) : null}
        </form>
        <p id={`${id}-hint`} className="mt-2 text-muted-foreground text-xs">
          {canManage
            ? "Shortening the period deletes older conversations at the next nightly run. It cannot be undone."
            : "Only owners and admins can change this."}
        </p>
      </CardContent>
    </Card>
  );
}
