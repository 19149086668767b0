import {
  type AvailableNumber,
  type AvailableNumbersQuery,
  availableNumbersQuerySchema,
  friendlyPhoneNumber,
  NO_NUMBERS_FOUND,
  NUMBER_UNAVAILABLE,
  PHONE_COUNTRIES,
  PHONE_NUMBER_MONTHLY_CENTS,
  type PhoneCountryCode,
  type PhoneNumber,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { describedBy, FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { isApiError } from "#web/lib/api-error.ts";
import { formatCents } from "#web/lib/format-cents.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";
import { buyPhoneNumber, invalidateNumbers, searchAvailableNumbers } from "../api.ts";
import { Capabilities } from "./capabilities.tsx";
import { EmployeeSelect } from "./employee-select.tsx";

// Adding a number in two steps: search the provider's numbers (country, optionally an area code or
// digits it must contain), pick one and who answers it; then a confirmation that says what it costs
// before anything is bought. A refusal says why in the server's words, and nothing typed or found is lost.

type SearchValues = { countryCode: PhoneCountryCode; areaCode: string; contains: string };
type SearchField = keyof SearchValues;
type Found = { numbers: AvailableNumber[]; message: string | null } | null;

const SEARCH_FIELDS: readonly SearchField[] = ["countryCode", "areaCode", "contains"];

/** The search as the API takes it (empty fields left out), or what is wrong by field. */
export function parseSearch(
  values: SearchValues,
): { ok: true; query: AvailableNumbersQuery } | { ok: false; errors: Partial<Record<SearchField, string>> } {
  const parsed = availableNumbersQuerySchema.safeParse({
    countryCode: values.countryCode,
    areaCode: values.areaCode.trim() || undefined,
    contains: values.contains.trim() || undefined,
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Partial<Record<SearchField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && SEARCH_FIELDS.includes(field as SearchField))
      errors[field as SearchField] ??= issue.message;
  }
  return { ok: false, errors };
}

type AddNumberDialogProps = {
  companyId: string;
  open: boolean;
  onClose: () => void;
  employees: readonly EmployeeName[];
  /** After a purchase: the number bought. */
  onBought?: (number: PhoneNumber) => void;
};

export function AddNumberDialog({ companyId, open, onClose, employees, onBought }: AddNumberDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<"search" | "confirm">("search");
  const [values, setValues] = useState<SearchValues>({ countryCode: "US", areaCode: "", contains: "" });
  const [errors, setErrors] = useState<Partial<Record<SearchField, string>>>({});
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<Found>(null);
  const [selected, setSelected] = useState("");
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [aiEmployeeId, setAiEmployeeId] = useState(() => employees.find((employee) => employee.active)?.id ?? "");
  const [name, setName] = useState("");
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const chosen = found?.numbers.find((number) => number.phoneNumber === selected) ?? null;
  const employee = employees.find((item) => item.id === aiEmployeeId) ?? null;
  const set = <K extends SearchField>(key: K, value: SearchValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function search(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = parseSearch(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSearching(true);
    try {
      const { availableNumbers } = await searchAvailableNumbers(companyId, parsed.query);
      setFound({
        numbers: availableNumbers,
        message: availableNumbers.length === 0 ? NO_NUMBERS_FOUND : null,
      });
      if (!availableNumbers.some((number) => number.phoneNumber === selected)) setSelected("");
    } catch (error) {
      const refusal = serverFieldErrors(error, SEARCH_FIELDS);
      setErrors(refusal.fields);
      // None found is an answer, not a failure: said where the numbers would be.
      if (isApiError(error) && error.status === 404) setFound({ numbers: [], message: refusal.message ?? null });
      else setFailure(refusal.message ?? null);
    } finally {
      setSearching(false);
    }
  }

  function toConfirm() {
    if (!chosen) {
      setChoiceError("Choose one of the numbers found");
      return;
    }
    setChoiceError(null);
    setFailure(null);
    setStep("confirm");
  }

  async function buy() {
    if (!chosen) return;
    setBuying(true);
    setFailure(null);
    try {
      const bought = await buyPhoneNumber(companyId, {
        phoneNumber: chosen.phoneNumber,
        name: name.trim() || undefined,
        aiEmployeeId: aiEmployeeId || null,
      });
      toast({ title: `${friendlyPhoneNumber(bought.phoneNumber)} is yours`, variant: "success" });
      await invalidateNumbers(queryClient, companyId);
      onBought?.(bought);
      onClose();
    } catch (error) {
      const message = serverFieldErrors(error, []).message ?? null;
      if (isApiError(error) && error.status === 409 && message === NUMBER_UNAVAILABLE) {
        // Taken meanwhile: back to the list without it, to pick another.
        setFound((current) =>
          current
            ? { ...current, numbers: current.numbers.filter((n) => n.phoneNumber !== chosen.phoneNumber) }
            : current,
        );
        setSelected("");
        setStep("search");
      }
      setFailure(message);
    } finally {
      setBuying(false);
    }
  }

  const description =
    step === "search"
      ? "Search the numbers you can buy, pick one and choose the AI employee who answers it."
      : "Check the number and what it costs before you buy it.";

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      pending={buying}
      title={step === "search" ? "Add phone number" : "Buy this number?"}
      description={description}
      size="xl"
      data-testid="add-number-dialog"
    >
      {step === "search" ? (
        <div className="grid min-w-0 gap-5">
          <form
            noValidate
            onSubmit={search}
            className="grid gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]"
          >
            <FormField id={`${id}-countryCode`} label="Country" error={errors.countryCode}>
              <select
                id={`${id}-countryCode`}
                name="countryCode"
                className={SELECT_CLASS}
                value={values.countryCode}
                aria-invalid={errors.countryCode ? true : undefined}
                aria-describedby={describedBy(`${id}-countryCode`, errors.countryCode)}
                onChange={(event) => set("countryCode", event.target.value as PhoneCountryCode)}
              >
                {PHONE_COUNTRIES.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name} ({country.dialCode})
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-areaCode`} label="Area code (optional)" error={errors.areaCode}>
              <Input
                id={`${id}-areaCode`}
                name="areaCode"
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                placeholder="415"
                value={values.areaCode}
                aria-invalid={errors.areaCode ? true : undefined}
                aria-describedby={describedBy(`${id}-areaCode`, errors.areaCode)}
                onChange={(event) => set("areaCode", event.target.value)}
              />
            </FormField>
            <FormField id={`${id}-contains`} label="Contains (optional)" error={errors.contains}>
              <Input
                id={`${id}-contains`}
                name="contains"
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                placeholder="0123"
                value={values.contains}
                aria-invalid={errors.contains ? true : undefined}
                aria-describedby={describedBy(`${id}-contains`, errors.contains)}
                onChange={(event) => set("contains", event.target.value)}
              />
            </FormField>
            <div className="sm:col-span-3">
              <Button type="submit" variant="outline" disabled={searching}>
                {searching ? <Spinner /> : <Search aria-hidden />}
                Search
              </Button>
            </div>
          </form>

          <Results
            id={id}
            found={found}
            searching={searching}
            selected={selected}
            onSelect={(value) => {
              setSelected(value);
              setChoiceError(null);
            }}
            error={choiceError}
          />

          {found && found.numbers.length > 0 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id={`${id}-aiEmployeeId`} label="Answered by">
                <EmployeeSelect
                  id={`${id}-aiEmployeeId`}
                  value={aiEmployeeId}
                  onValueChange={setAiEmployeeId}
                  employees={employees}
                  emptyLabel="Nobody yet"
                />
              </FormField>
              <FormField id={`${id}-name`} label="Name (optional)">
                <Input
                  id={`${id}-name`}
                  value={name}
                  maxLength={60}
                  placeholder="Support line"
                  onChange={(event) => setName(event.target.value)}
                />
              </FormField>
            </div>
          ) : null}

          <FormAlert message={failure} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={toConfirm} disabled={!found || found.numbers.length === 0}>
              Continue
            </Button>
          </DialogFooter>
        </div>
      ) : chosen ? (
        <div className="grid min-w-0 gap-5">
          <Summary number={chosen} employee={employee} name={name.trim()} />
          <FormAlert message={failure} />
          <DialogFooter>
            <Button variant="outline" disabled={buying} onClick={() => setStep("search")}>
              <ArrowLeft aria-hidden />
              Back
            </Button>
            <Button onClick={() => void buy()} disabled={buying}>
              {buying ? <Spinner /> : null}
              Buy number
            </Button>
          </DialogFooter>
        </div>
      ) : null}
    </DialogFrame>
  );
}

type ResultsProps = {
  id: string;
  found: Found;
  searching: boolean;
  selected: string;
  onSelect: (phoneNumber: string) => void;
  error: string | null;
};

/** The numbers found, as a radio list; before a search, what to do; none found, the server's words. */
function Results({ id, found, searching, selected, onSelect, error }: ResultsProps) {
  if (!found)
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {searching ? "Searching…" : "Choose a country and search to see the numbers you can buy."}
      </p>
    );
  if (found.numbers.length === 0)
    return (
      <p role="status" className="rounded-lg border border-dashed px-4 py-6 text-center text-sm">
        {found.message}
      </p>
    );
  const errorId = `${id}-choice-error`;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? errorId : undefined} aria-busy={searching}>
      <legend className="mb-2 font-medium text-sm">
        Available numbers <span className="font-normal text-muted-foreground">({found.numbers.length})</span>
      </legend>
      <ul className="grid max-h-64 gap-1.5 overflow-y-auto rounded-lg border p-1.5">
        {found.numbers.map((number) => {
          const checked = number.phoneNumber === selected;
          return (
            <li key={number.phoneNumber}>
              <label
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-md border border-transparent px-3 py-2 text-sm transition-colors hover:bg-muted/60",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  checked && "border-primary/40 bg-primary/5 hover:bg-primary/5 dark:bg-primary/10",
                )}
                data-testid="available-number"
              >
                <input
                  type="radio"
                  name={`${id}-number`}
                  value={number.phoneNumber}
                  checked={checked}
                  onChange={() => onSelect(number.phoneNumber)}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium tabular-nums">{friendlyPhoneNumber(number.phoneNumber)}</span>
                    <span className="text-muted-foreground text-xs tabular-nums">
                      {formatCents(number.monthlyCostCents, number.currency)}/month
                    </span>
                  </span>
                  <span className="truncate text-muted-foreground text-xs">
                    {[number.locality, number.region].filter(Boolean).join(", ") || number.countryCode}
                  </span>
                  <Capabilities capabilities={number.capabilities} className="mt-0.5" />
                  {number.addressRequired ? (
                    <span className="text-xs">This country asks for a business address before the number works.</span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={errorId} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The confirmation: the number, who answers, and the price said plainly. */
function Summary({ number, employee, name }: { number: AvailableNumber; employee: EmployeeName | null; name: string }) {
  const price = formatCents(number.monthlyCostCents ?? PHONE_NUMBER_MONTHLY_CENTS, number.currency);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className="text-muted-foreground text-xs">Number</dt>
          <dd className="font-semibold text-lg tabular-nums" data-testid="confirm-number">
            {friendlyPhoneNumber(number.phoneNumber)}
          </dd>
          {number.locality || number.region ? (
            <dd className="text-muted-foreground text-xs">
              {[number.locality, number.region].filter(Boolean).join(", ")}
            </dd>
          ) : null}
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground text-xs">Answered by</dt>
          <dd>
            {employee ? `${employee.name} · ${employee.departmentName}` : "Nobody yet (the line is not in service)"}
          </dd>
        </div>
        {name ? (
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs">Name</dt>
            <dd className="truncate">{name}</dd>
          </div>
        ) : null}
      </dl>
      <div
        className="rounded-lg border border-primary/25 bg-primary/5 p-4 dark:bg-primary/10"
        data-testid="price-notice"
      >
        <p className="font-medium">{price} per month, charged from today.</p>
        <p className="mt-1 text-muted-foreground text-sm">
          Charged by the day: this month you pay only for the days left, and releasing the number stops the charge that
          day.
        </p>
      </div>
    </div>
  );
}
