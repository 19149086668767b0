import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { DialogActions, DialogFrame, type DialogSize } from "#web/components/ui/dialog-frame.tsx";
import { CsvFileField } from "./csv-file-field.tsx";
import { describeProblem, fileTooLargeMessage, type ImportFailure, importFailure } from "./import-failure.ts";
import { readFileText } from "./read-file-text.ts";

// A CSV import (AI employees, products): pick a file, look at it where the screen offers a preview, send
// it. The server takes the file all or nothing and is the one that decides; the checks here only spare a
// pointless upload.

/** What a preview shows of the chosen file before it is sent. */
export type CsvPreview = { count: number; view: ReactNode };

type CsvImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The file's format: its limits and columns. */
  description: ReactNode;
  maxBytes: number;
  size?: DialogSize;
  /** Reads the file before it is sent; a file with no rows cannot be sent. Without it, the file is sent unread. */
  preview?: (text: string) => CsvPreview;
  /** The send button's words, from the previewed row count (null without a preview or before a file). */
  submitLabel: (count: number | null) => string;
  /** Sends the file and says what was imported; a refusal is shown in the dialog. */
  upload: (file: File) => Promise<void>;
  /** After a success, once the dialog has closed: refresh what the import changed. */
  onImported: () => Promise<unknown>;
};

export function CsvImportDialog({ open, onOpenChange, title, description, size, ...form }: CsvImportDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <DialogFrame open={open} onClose={close} title={title} description={description} size={size}>
      {/* Mounted only while open: a new opening starts with no file. */}
      {open ? <ImportForm {...form} onDone={close} /> : null}
    </DialogFrame>
  );
}

type ImportFormProps = Omit<CsvImportDialogProps, "open" | "onOpenChange" | "title" | "description" | "size"> & {
  onDone: () => void;
};

function ImportForm({ maxBytes, preview, submitLabel, upload, onImported, onDone }: ImportFormProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [look, setLook] = useState<CsvPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [sending, setSending] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(null);
    setLook(null);
    setFailure(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setFileError(fileTooLargeMessage(maxBytes));
      return;
    }
    if (!preview) {
      setFile(chosen);
      return;
    }
    try {
      setLook(preview(await readFileText(chosen)));
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
      await upload(file);
      onDone();
      await onImported();
    } catch (error) {
      setFailure(importFailure(error));
    } finally {
      setSending(false);
    }
  }

  const count = look?.count ?? null;
  return (
    <>
      <CsvFileField id={id} onChange={choose} error={fileError} />
      {look?.view}
      {failure ? <ImportFailureNotice failure={failure} /> : null}
      <DialogActions
        actionLabel={submitLabel(count)}
        onAction={send}
        pending={sending}
        actionDisabled={!file || count === 0}
        onCancel={onDone}
      />
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
            <li key={`${problem.line}-${problem.column}-${problem.message}`}>{describeProblem(problem)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
