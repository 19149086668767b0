import type { ChangeEvent } from "react";
import { Input } from "#web/components/ui/input.tsx";

// The file input of a CSV import dialog (AI employees, products): labelled, with its error announced.

type CsvFileFieldProps = {
  /** Prefix for the input's and the error's ids (the dialog's useId). */
  id: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | null;
};

export function CsvFileField({ id, onChange, error }: CsvFileFieldProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-file`} className="font-medium text-sm">
        CSV file
      </label>
      <Input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-file-error` : undefined}
      />
      {error ? (
        <p id={`${id}-file-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
