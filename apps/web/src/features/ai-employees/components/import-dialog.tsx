import { AI_EMPLOYEE_CSV_COLUMNS, AI_EMPLOYEE_IMPORT_LIMITS } from "@foreman/contract";
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
import { toast } from "#web/lib/toast-store.ts";
import { importAiEmployees, invalidateWorkforce } from "../api.ts";
import { describeProblem, FILE_TOO_LARGE_MESSAGE, type ImportFailure, importFailure } from "./import-failure.ts";
import { type ImportPreview, previewCsv } from "./import-preview.ts";
import { ImportPreviewTable } from "./import-preview-table.tsx";
import { readFileText } from "./read-file-text.ts";

type ImportDialogProps = { companyId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Import AI employees from a CSV: pick, preview, send. The file is all or nothing on the server. */
export function ImportDialog({ companyId, open, onOpenChange }: ImportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {/* Mounted only while open: a new opening starts with no file. */}
        {open ? <ImportForm companyId={companyId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [sending, setSending] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(null);
    setPreview(null);
    setFailure(null);
    setFileError(null);
    if (!chosen) return;
    // Checked here too, so a large file is refused before it is read or sent.
    if (chosen.size > AI_EMPLOYEE_IMPORT_LIMITS.bytes) {
      setFileError(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    try {
      setPreview(previewCsv(await readFileText(chosen)));
      setFile(chosen);
    } catch {
      setFileError("The file could not be read. Choose a CSV file.");
    }
  }

  async function send() {
    if (!file) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await importAiEmployees(companyId, file);
      toast({
        title: `Imported ${result.imported} AI ${result.imported === 1 ? "employee" : "employees"}`,
        variant: "success",
      });
      onDone();
      await invalidateWorkforce(queryClient, companyId);
    } catch (error) {
      setFailure(importFailure(error));
    } finally {
      setSending(false);
    }
  }

  const count = preview?.count ?? 0;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Import AI employees</DialogTitle>
        <DialogDescription>
          A CSV file (at most {AI_EMPLOYEE_IMPORT_LIMITS.bytes / (1024 * 1024)} MB) with a header row. Columns:{" "}
          {AI_EMPLOYEE_CSV_COLUMNS.join(", ")}; name, role and department are required. If any row has a problem,
          nothing is imported.
        </DialogDescription>
      </DialogHeader>
      <CsvFileField id={id} onChange={choose} error={fileError} />
      {preview ? <ImportPreviewTable preview={preview} /> : null}
      {failure ? <ImportFailureNotice failure={failure} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={!file || sending || count === 0} onClick={send}>
          {sending ? <Spinner /> : null}
          {/* Before a file is read there is nothing to count. */}
          {count > 0 ? `Import ${count} ${count === 1 ? "employee" : "employees"}` : "Import"}
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
        <ul aria-label="Problems in the file" className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
          {failure.problems.map((problem) => (
            <li key={`${problem.line}-${problem.column}-${problem.message}`}>{describeProblem(problem)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
