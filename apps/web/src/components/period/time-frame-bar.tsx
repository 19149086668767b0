import {
  CREATED_AT_FROM_KEY,
  CREATED_AT_TO_KEY,
  type DateRangeSearch,
  TIME_FRAMES,
  type TimeFrame,
} from "@foreman/contract";
import { CalendarRange, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import {
  type ChosenPeriod,
  periodFromSearch,
  type RangeErrors,
  TIME_FRAME_LABELS,
  validateRange,
} from "#web/lib/period.ts";
import { cn } from "#web/lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

type TimeFrameBarProps = {
  /** The route's period search (frame and, when applied, the custom range). */
  search: DateRangeSearch;
  /** The next period search; a custom range keeps the frame underneath it for when it is cleared. */
  onSearch: (next: DateRangeSearch) => void;
};

/** The sales screens' top bar: Today / Week / Month, or a custom From–To range applied together. */
export function TimeFrameBar({ search, onSearch }: TimeFrameBarProps) {
  const period = periodFromSearch(search);
  const onFrame = (timeFrame: TimeFrame) => onSearch({ timeFrame });
  const onRange = (from: string, to: string) =>
    onSearch({ timeFrame: search.timeFrame, [CREATED_AT_FROM_KEY]: from, [CREATED_AT_TO_KEY]: to });
  const onClearRange = () => onSearch({ timeFrame: search.timeFrame });
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs lg:flex-row lg:items-start lg:justify-between">
      <FrameToggle active={period.kind === "frame" ? period.timeFrame : null} onFrame={onFrame} />
      <RangeForm period={period} onRange={onRange} onClearRange={onClearRange} />
    </div>
  );
}

function FrameToggle({ active, onFrame }: { active: TimeFrame | null; onFrame: (frame: TimeFrame) => void }) {
  return (
    // Toggle buttons (aria-pressed) rather than radios: each is its own tab stop and Enter/Space work.
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">Time frame</legend>
      <div className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto">
        {TIME_FRAMES.map((frame) => {
          const pressed = active === frame;
          return (
            <button
              key={frame}
              type="button"
              aria-pressed={pressed}
              onClick={() => onFrame(frame)}
              className={cn(
                "h-8 flex-1 rounded-md px-4 font-medium text-sm outline-none transition-colors sm:flex-none",
                "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
                pressed
                  ? "bg-background text-foreground shadow-xs"
                  : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
              )}
            >
              {TIME_FRAME_LABELS[frame]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function RangeForm({
  period,
  onRange,
  onClearRange,
}: {
  period: ChosenPeriod;
  onRange: (from: string, to: string) => void;
  onClearRange: () => void;
}) {
  const id = useId();
  const applied = period.kind === "range" ? period : null;
  const [from, setFrom] = useState(applied?.from ?? "");
  const [to, setTo] = useState(applied?.to ?? "");
  const [errors, setErrors] = useState<RangeErrors>({});

  // Follow the address bar (back/forward, Clear, a frame chosen): the inputs show what applies.
  useEffect(() => {
    setFrom(applied?.from ?? "");
    setTo(applied?.to ?? "");
    setErrors({});
  }, [applied?.from, applied?.to]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRange(from, to);
    setErrors(found);
    // On error nothing is applied and nothing typed is lost.
    if (!found.from && !found.to) onRange(from, to);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Custom date range" className="flex flex-wrap items-start gap-2">
      <DateField
        id={`${id}-from`}
        label="From"
        value={from}
        max={to || undefined}
        onChange={setFrom}
        error={errors.from}
      />
      <DateField id={`${id}-to`} label="To" value={to} min={from || undefined} onChange={setTo} error={errors.to} />
      <div className="flex gap-2 self-start sm:pt-5">
        <Button type="submit" size="sm" variant={applied ? "secondary" : "default"}>
          <CalendarRange aria-hidden />
          Apply range
        </Button>
        {applied ? (
          <Button type="button" size="sm" variant="ghost" onClick={onClearRange}>
            <X aria-hidden />
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}

type DateFieldProps = {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
};

/** One bound of the custom range: a labelled date input with its error under it. */
function DateField({ id, label, value, min, max, error, onChange }: DateFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid min-w-[9.5rem] flex-1 gap-1 sm:w-40 sm:flex-none">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-8"
      />
      {error ? (
        <p id={errorId} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}
