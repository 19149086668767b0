import {
  ACCEPTED_CURRENCIES,
  ANSWER_LANGUAGE_LABELS,
  ANSWER_LANGUAGES,
  type AnswerLanguage,
  type CompanyDetails,
  type CompanySettings,
  companyDetailsSchema,
  MAX_ANSWER_LANGUAGES,
} from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { chipClass } from "#web/components/ui/chip.tsx";
import { describedBy, FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { timeThere } from "../time-zones.ts";
import { SettingsFormFooter } from "./settings-form-footer.tsx";
import { TimeZoneCombobox } from "./time-zone-combobox.tsx";

const FIELDS = ["name", "timeZone", "currency", "answerLanguages"] as const;

const currencyNames = new Intl.DisplayNames("en", { type: "currency" });
const CURRENCY_HINT = "Sales totals and reports are in it.";

const detailsOf = (settings: CompanySettings): CompanyDetails => ({
  name: settings.name,
  timeZone: settings.timeZone,
  currency: settings.currency as CompanyDetails["currency"],
  answerLanguages: settings.answerLanguages as AnswerLanguage[],
});

type CompanyDetailsCardProps = {
  settings: CompanySettings;
  canManage: boolean;
  save: (patch: Partial<CompanyDetails>) => Promise<CompanySettings>;
};

/**
 * The company's name, time zone, main currency and the languages its AI employees answer in. Owners
 * and admins change them (Save waits for a change); members see them, with a note saying who can.
 */
export function CompanyDetailsCard({ settings, canManage, save }: CompanyDetailsCardProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompanyDetails>({
    resolver: zodResolver(companyDetailsSchema),
    defaultValues: detailsOf(settings),
  });
  const { errors, isDirty, isSubmitting, dirtyFields } = form.formState;
  const fieldId = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const errorOf = (name: (typeof FIELDS)[number]) => errors[name]?.message ?? errors[name]?.root?.message;
  const invalid = (name: (typeof FIELDS)[number]) => (errorOf(name) ? true : undefined);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // Only what changed: the activity log then says exactly that.
    const patch = Object.fromEntries(
      FIELDS.filter((field) => dirtyFields[field]).map((field) => [field, values[field]]),
    );
    try {
      const saved = await save(patch);
      form.reset(detailsOf(saved));
      toast({ title: "Company details saved", variant: "success" });
    } catch (error) {
      const refused = serverFieldErrors(error, FIELDS);
      (Object.entries(refused.fields) as [(typeof FIELDS)[number], string][]).forEach(([field, message], index) => {
        form.setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      });
      setFailure(refused.message ?? null);
    }
  });

  const zoneHint = `Times across Foreman and your business hours are in it. It's ${timeThere(form.watch("timeZone"))} there now.`;
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-5" data-testid="company-details">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>Company</h2>
        </CardTitle>
        <CardDescription>
          How your team and your customers know the company.{" "}
          <span className="whitespace-nowrap">
            Created{" "}
            <time dateTime={settings.createdAt} data-testid="company-created">
              {exactDateTime(settings.createdAt)}
            </time>
            .
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-labelledby={headingId} className="grid gap-5">
          <fieldset disabled={!canManage || isSubmitting} className="m-0 grid gap-5 border-0 p-0">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={fieldId("name")} label="Company name" error={errorOf("name")}>
                <Input
                  id={fieldId("name")}
                  autoComplete="organization"
                  aria-invalid={invalid("name")}
                  aria-describedby={describedBy(fieldId("name"), errorOf("name"))}
                  {...form.register("name")}
                />
              </FormField>
              <FormField
                id={fieldId("currency")}
                label="Main currency"
                error={errorOf("currency")}
                hint={CURRENCY_HINT}
              >
                <select
                  id={fieldId("currency")}
                  className={cn(SELECT_CLASS, "disabled:cursor-not-allowed disabled:opacity-50")}
                  aria-invalid={invalid("currency")}
                  aria-describedby={describedBy(fieldId("currency"), errorOf("currency"), CURRENCY_HINT)}
                  {...form.register("currency")}
                >
                  {ACCEPTED_CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code} · {currencyNames.of(code)}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormField id={fieldId("timeZone")} label="Time zone" error={errorOf("timeZone")} hint={zoneHint}>
              <Controller
                control={form.control}
                name="timeZone"
                render={({ field }) => (
                  <TimeZoneCombobox
                    id={fieldId("timeZone")}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={!canManage || isSubmitting}
                    aria-invalid={invalid("timeZone")}
                    aria-describedby={describedBy(fieldId("timeZone"), errorOf("timeZone"), zoneHint)}
                  />
                )}
              />
            </FormField>
            <Controller
              control={form.control}
              name="answerLanguages"
              render={({ field }) => (
                <LanguageChips
                  id={fieldId("answerLanguages")}
                  value={field.value}
                  onChange={field.onChange}
                  error={errorOf("answerLanguages")}
                />
              )}
            />
          </fieldset>
          <SettingsFormFooter failure={failure} canManage={canManage} isDirty={isDirty} isSubmitting={isSubmitting} />
        </form>
      </CardContent>
    </Card>
  );
}

type LanguageChipsProps = {
  id: string;
  value: AnswerLanguage[];
  onChange: (languages: AnswerLanguage[]) => void;
  error?: string | undefined;
};

/** The languages AI employees answer in, as toggle chips in the order they were chosen. */
function LanguageChips({ id, value, onChange, error }: LanguageChipsProps) {
  const hintId = `${id}-hint`;
  return (
    <fieldset
      aria-describedby={[hintId, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      className="m-0 grid gap-2 border-0 p-0"
    >
      <legend className="mb-1.5 font-medium text-sm">AI employees answer customers in</legend>
      <div className="flex flex-wrap gap-1.5">
        {ANSWER_LANGUAGES.map((language) => {
          const chosen = value.includes(language);
          return (
            <button
              key={language}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(chosen ? value.filter((l) => l !== language) : [...value, language])}
              className={cn(chipClass(chosen, "facet"), "disabled:cursor-not-allowed disabled:opacity-60")}
            >
              {ANSWER_LANGUAGE_LABELS[language]}
            </button>
          );
        })}
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        Choose at least one, up to {MAX_ANSWER_LANGUAGES}.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
