import {
  type CsvCellError,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useId, useState } from "react";
import { CsvFileField } from "#web/components/import/csv-file-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { importProducts, invalidateProducts } from "../api.ts";

const MB = PRODUCT_IMPORT_LIMITS.bytes / (1024 * 1024);

/** What a refused import says: a sentence, each problem of the file, and whether nothing was written. */
type ImportFailure = { message: string; problems: CsvCellError[]; nothingWritten: boolean };

const isCellError = (value: unknown): value is CsvCellError => {
  const detail = value as Record<string, unknown> | null;
  return (
    typeof detail === "object" &&
    detail !== null &&
    typeof detail.line === "number" &&
    typeof detail.column === "string" &&
    typeof detail.message === "string"
  );
};

function importFailure(error: unknown): ImportFailure {
  // 422 (the file's problems) and 413 (too large) are all or nothing: the catalog is as it was.
  if (isApiError(error) && (error.status === 422 || error.status === 413)) {
    const details: unknown[] = Array.isArray(error.body.details) ? error.body.details : [];
    return { message: describeError(error), problems: details.filter(isCellError), nothingWritten: true };
  }
  return { message: `The import failed. ${describeError(error)}`, problems: [], nothingWritten: false };
}

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

type ProductImportDialogProps = { companyId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Import products from a CSV: pick, send; a file with any problem changes nothing. */
export function ProductImportDialog({ companyId, open, onOpenChange }: ProductImportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        {open ? <ImportForm companyId={companyId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [sending, setSending] = useState(false);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFailure(null);
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    // Checked here too, so a large file is refused before it is sent.
    if (chosen.size > PRODUCT_IMPORT_LIMITS.bytes) {
      setFileError(`The file is larger than ${MB} MB. Import at most ${MB} MB at once (split the file).`);
      return;
    }
    setFile(chosen);
  }

  async function send() {
    if (!file) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await importProducts(companyId, file);
      toast({
        title: "Catalog imported",
        description: `${plural(result.created, "product")} created, ${result.updated.toLocaleString("en-US")} updated, ${result.unchanged.toLocaleString("en-US")} unchanged.`,
        variant: "success",
      });
      onDone();
      await invalidateProducts(queryClient, companyId);
    } catch (error) {
      setFailure(importFailure(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Import products</DialogTitle>
        <DialogDescription>
          A CSV file (at most {MB} MB, {PRODUCT_IMPORT_LIMITS.rows.toLocaleString("en-US")} rows) with a header row.
          Columns: {PRODUCT_CSV_COLUMNS.join(", ")}; {PRODUCT_CSV_REQUIRED_COLUMNS.join(", ")} are required. A known SKU
          updates its product, a new one adds it. If any row has a problem, nothing is imported.
        </DialogDescription>
      </DialogHeader>
      <CsvFileField id={id} onChange={choose} error={fileError} />
      {failure ? <ImportFailureNotice failure={failure} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={!file || sending} onClick={send}>
          {sending ? <Spinner /> : null}
          Import file
        </Button>
      </DialogFooter>
    </>
  );
}

function ImportFailureNotice({ failure }: { failure: ImportFailure }) {
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm">
      <p className="font-medium text-destructive">{failure.message}</p>
      {failure.nothingWritten ? (
        <p className="text-muted-foreground">Nothing was imported. Fix the file and import it again.</p>
      ) : null}
      {failure.problems.length > 0 ? (
        <ul aria-label="Problems in the file" className="max-h-56 list-disc space-y-1 overflow-y-auto pl-5">
          {failure.problems.map((problem) => (
            <li key={`${problem.line}-${problem.column}-${problem.message}`}>
              Line {problem.line}, {problem.column}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
