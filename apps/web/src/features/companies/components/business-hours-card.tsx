import {
  type BusinessHours,
  businessHoursSchema,
  type CompanySettings,
  type DayHours,
  DEFAULT_BUSINESS_HOURS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { timeZoneLabel } from "../time-zones.ts";
import { SettingsFormFooter } from "./settings-form-footer.tsx";

const hoursFormSchema = z.object({ businessHours: businessHoursSchema.nullable() });
type HoursForm = z.infer<typeof hoursFormSchema>;

const WORKDAYS: Weekday[] = ["tue", "wed", "thu", "fri"];
/** What a day opened again starts from. */
const DAY_DEFAULT = { open: "09:00", close: "18:00" };

type DayErrors = { message?: string; open?: { message?: string }; close?: { message?: string } };

type BusinessHoursCardProps = {
  settings: CompanySettings;
  canManage: boolean;
  save: (patch: HoursForm) => Promise<CompanySettings>;
};

/**
 * When the team answers, per weekday in the company's time zone, or always open. The reply-time
 * figures count only these hours, and a customer handed to staff out of hours is told when the team
 * will answer.
 */
export function BusinessHoursCard({ settings, canManage, save }: BusinessHoursCardProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<HoursForm>({
    resolver: zodResolver(hoursFormSchema),
    defaultValues: { businessHours: settings.businessHours },
  });
  const { errors, isDirty, isSubmitting, isSubmitted } = form.formState;
  const hours = form.watch("businessHours");
  const locked = !canManage || isSubmitting;

  const change = (next: BusinessHours | null) =>
    form.setValue("businessHours", next, { shouldDirty: true, shouldValidate: isSubmitted });
  const setDay = (day: Weekday, value: DayHours) => hours && change({ ...hours, [day]: value });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save({ businessHours: values.businessHours });
      form.reset({ businessHours: saved.businessHours });
      toast({
        title: saved.businessHours ? "Business hours saved" : "Now always open",
        variant: "success",
      });
    } catch (error) {
      const refused = serverFieldErrors(error, ["businessHours"] as const);
      setFailure(refused.fields.businessHours ?? refused.message ?? describeError(error));
    }
  });

  const dayErrors = (day: Weekday): string | undefined => {
    const dayError = (errors.businessHours as Record<string, DayErrors | undefined> | undefined)?.[day];
    return dayError?.open?.message ?? dayError?.close?.message ?? dayError?.message;
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="gap-5" data-testid="business-hours">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>Business hours</h2>
        </CardTitle>
        <CardDescription>
          When your team answers, in {timeZoneLabel(settings.timeZone)} time. Reply-time figures count only these hours,
          and customers handed to your team out of hours are told when it will answer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-labelledby={headingId} className="grid gap-5">
          <fieldset disabled={locked} className="m-0 grid gap-4 border-0 p-0">
            <legend className="sr-only">Business hours</legend>
            <div role="radiogroup" aria-label="When the team answers" className="flex flex-wrap gap-x-6 gap-y-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={hours === null}
                  onChange={() => change(null)}
                  className="size-4 accent-primary"
                />
                Always open
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={hours !== null}
                  onChange={() => change(settings.businessHours ?? DEFAULT_BUSINESS_HOURS)}
                  className="size-4 accent-primary"
                />
                Set hours
              </label>
            </div>
            {hours ? (
              <div className="grid gap-3">
                <ul className="m-0 grid list-none divide-y rounded-lg border p-0">
                  {WEEKDAYS.map((day) => (
                    <DayRow
                      key={day}
                      id={`${id}-${day}`}
                      day={day}
                      value={hours[day]}
                      onChange={(value) => setDay(day, value)}
                      error={dayErrors(day)}
                      disabled={locked}
                    />
                  ))}
                </ul>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => change({ ...hours, ...Object.fromEntries(WORKDAYS.map((day) => [day, hours.mon])) })}
                  >
                    <Copy aria-hidden />
                    Copy Monday to Tuesday–Friday
                  </Button>
                </div>
              </div>
            ) : (
              <p className="text-muted-foreground text-sm">
                Your team answers at any hour: reply times count every minute, and customers are told a colleague will
                answer shortly.
              </p>
            )}
          </fieldset>
          <SettingsFormFooter failure={failure} canManage={canManage} isDirty={isDirty} isSubmitting={isSubmitting} />
        </form>
      </CardContent>
    </Card>
  );
}

type DayRowProps = {
  id: string;
  day: Weekday;
  value: DayHours;
  onChange: (value: DayHours) => void;
  error: string | undefined;
  disabled: boolean;
};

/** One weekday: open or closed, and its opening and closing times. */
function DayRow({ id, day, value, onChange, error, disabled }: DayRowProps) {
  const name = WEEKDAY_LABELS[day];
  const open = value !== null;
  const errorId = `${id}-error`;
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-center gap-2 px-3 py-2.5 sm:grid-cols-[8rem_7.5rem_1fr]"
      data-day={day}
    >
      <span className="font-medium text-sm">{name}</span>
      <div className="flex items-center gap-2 text-sm">
        <Switch
          checked={open}
          aria-label={`Open on ${name}`}
          disabled={disabled}
          onCheckedChange={(checked) => onChange(checked ? DAY_DEFAULT : null)}
        />
        <span aria-hidden className={cn(!open && "text-muted-foreground")}>
          {open ? "Open" : "Closed"}
        </span>
      </div>
      {value ? (
        <div className="col-span-2 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:col-span-1 sm:flex">
          <Input
            type="time"
            step={60}
            aria-label={`${name} opens at`}
            value={value.open}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange({ ...value, open: event.target.value })}
            className="sm:w-32"
          />
          <span className="text-muted-foreground text-sm">to</span>
          <Input
            type="time"
            step={60}
            aria-label={`${name} closes at`}
            value={value.close}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange({ ...value, close: event.target.value })}
            className="sm:w-32"
          />
        </div>
      ) : (
        <span className="text-muted-foreground text-sm max-sm:hidden">—</span>
      )}
      {error ? (
        <p id={errorId} className="col-span-2 text-destructive text-xs sm:col-span-3">
          {error}
        </p>
      ) : null}
    </li>
  );
}
