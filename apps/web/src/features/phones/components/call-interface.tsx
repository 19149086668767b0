import { type PhoneNumber, type PlaceCall, placeCallSchema, type TelephonyProviderKind } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Phone, PhoneCall } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";
import { invalidateCalls, placeCall } from "../api.ts";
import { numberChoiceLabel } from "../number-name.ts";
import { EmployeeSelect } from "./employee-select.tsx";
import { LiveCall } from "./live-call.tsx";

// The call interface: an AI employee calls someone from one of the company's numbers, and the call is
// followed live beside the form. With the built-in simulated provider a test call rings no phone: staff
// type what the caller says, and the AI employee answers through the same path as spoken words.

/** Where a test call "rings" unless staff type another number: the fictional 555-01xx range. */
export const TEST_CALL_NUMBER = "+15550100999";

type Values = { phoneNumberId: string; to: string; aiEmployeeId: string; test: boolean };
type Field = "phoneNumberId" | "to" | "aiEmployeeId";

type CallInterfaceProps = {
  companyId: string;
  numbers: readonly PhoneNumber[];
  provider: TelephonyProviderKind;
  employees: readonly EmployeeName[];
};

export function CallInterface({ companyId, numbers, provider, employees }: CallInterfaceProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const simulated = provider === "simulated";
  const [values, setValues] = useState<Values>(() => ({
    phoneNumberId: numbers[0]?.id ?? "",
    to: simulated ? TEST_CALL_NUMBER : "",
    aiEmployeeId: "",
    test: simulated,
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [callId, setCallId] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const from = numbers.find((number) => number.id === values.phoneNumberId) ?? null;
  const busy = callId !== null;

  async function call(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input: PlaceCall = {
      phoneNumberId: values.phoneNumberId,
      to: values.to.trim(),
      aiEmployeeId: values.aiEmployeeId || undefined,
      test: simulated && values.test ? true : undefined,
    };
    const parsed = placeCallSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    if (!parsed.data.aiEmployeeId && !from?.aiEmployee) {
      setErrors({ aiEmployeeId: "This number has no AI employee: choose one to talk" });
      return;
    }
    setErrors({});
    setPlacing(true);
    try {
      const placed = await placeCall(companyId, parsed.data);
      setCallId(placed.id);
      await invalidateCalls(queryClient, companyId);
    } catch (error) {
      const refusal = serverFieldErrors(error, ["phoneNumberId", "to", "aiEmployeeId"] as const);
      setErrors(refusal.fields);
      setFailure(refusal.message ?? null);
    } finally {
      setPlacing(false);
    }
  }

  const toHint = values.test
    ? "A test call rings no phone: you type what the caller says."
    : "In international format, like +15550100123.";
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="call-interface">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Call interface</h2>
        </CardTitle>
        <CardDescription>An AI employee calls from one of your numbers; follow the call live here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <form noValidate onSubmit={call} className="grid content-start gap-4">
          <fieldset disabled={busy || placing} className="grid min-w-0 gap-4">
            <FormField id={`${id}-from`} label="From" error={errors.phoneNumberId}>
              <select
                id={`${id}-from`}
                className={SELECT_CLASS}
                value={values.phoneNumberId}
                aria-invalid={errors.phoneNumberId ? true : undefined}
                aria-describedby={describedBy(`${id}-from`, errors.phoneNumberId)}
                onChange={(event) => set("phoneNumberId", event.target.value)}
              >
                {numbers.map((number) => (
                  <option key={number.id} value={number.id}>
                    {numberChoiceLabel(number)}
                  </option>
                ))}
              </select>
            </FormField>
            {simulated ? (
              <div className="flex items-start justify-between gap-3 rounded-lg border bg-muted/30 p-3">
                <div className="grid gap-0.5">
                  <label htmlFor={`${id}-test`} className="font-medium text-sm">
                    Test call
                  </label>
                  <p id={`${id}-test-hint`} className="text-muted-foreground text-xs">
                    On the built-in phone provider: talk to the AI employee by typing.
                  </p>
                </div>
                <Switch
                  id={`${id}-test`}
                  checked={values.test}
                  aria-describedby={`${id}-test-hint`}
                  onCheckedChange={(checked) =>
                    setValues((current) => ({
                      ...current,
                      test: checked,
                      // The test number goes with the test: typed numbers stay.
                      to:
                        checked && !current.to.trim()
                          ? TEST_CALL_NUMBER
                          : !checked && current.to === TEST_CALL_NUMBER
                            ? ""
                            : current.to,
                    }))
                  }
                />
              </div>
            ) : null}
            <FormField id={`${id}-to`} label="To" error={errors.to} hint={toHint}>
              <Input
                id={`${id}-to`}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="+15550100123"
                value={values.to}
                aria-invalid={errors.to ? true : undefined}
                aria-describedby={describedBy(`${id}-to`, errors.to, toHint)}
                onChange={(event) => set("to", event.target.value)}
              />
            </FormField>
            <FormField id={`${id}-employee`} label="AI employee" error={errors.aiEmployeeId}>
              <EmployeeSelect
                id={`${id}-employee`}
                value={values.aiEmployeeId}
                onValueChange={(value) => set("aiEmployeeId", value)}
                employees={employees}
                emptyLabel={from?.aiEmployee ? `The number's: ${from.aiEmployee.name}` : "The number's (nobody yet)"}
                aria-invalid={errors.aiEmployeeId ? true : undefined}
                aria-describedby={describedBy(`${id}-employee`, errors.aiEmployeeId)}
              />
            </FormField>
          </fieldset>
          <FormAlert message={failure} />
          <div>
            <Button type="submit" disabled={busy || placing}>
              {placing ? <Spinner /> : <PhoneCall aria-hidden />}
              Call
            </Button>
          </div>
        </form>
        <div className="min-w-0 lg:border-l lg:pl-6">
          {callId ? (
            <LiveCall key={callId} companyId={companyId} callId={callId} onNewCall={() => setCallId(null)} />
          ) : (
            // On a phone the form says enough: the placeholder shows where there is room beside it.
            <div className="hidden h-full min-h-40 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center lg:flex">
              <Phone aria-hidden className="size-5 text-muted-foreground" />
              <p className="font-medium text-sm">No call in progress</p>
              <p className="max-w-sm text-muted-foreground text-sm">
                A call you place shows here: its status, its time in minutes and seconds, and what is said.
              </p>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
