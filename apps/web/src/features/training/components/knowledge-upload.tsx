import { KNOWLEDGE_LIMITS } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { type EmployeeName, invalidateKnowledge, uploadKnowledgeFile } from "../api.ts";
import { EmployeeSelect } from "./employee-select.tsx";
import { isAcceptedKnowledgeFile, KNOWLEDGE_FILE_ACCEPT } from "./knowledge-format.ts";

const MB = KNOWLEDGE_LIMITS.fileBytes / (1024 * 1024);

type KnowledgeUploadProps = {
  companyId: string;
  employees: readonly EmployeeName[];
  canManage: boolean;
};

/**
 * Drop a file here or choose one. A file refused (by type, size or content) is named with the reason,
 * and the choices made here stay, so picking another file is all it takes.
 */
export function KnowledgeUpload({ companyId, employees, canManage }: KnowledgeUploadProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [employeeId, setEmployeeId] = useState("");
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function upload(file: File) {
    setRefusal(null);
    if (!isAcceptedKnowledgeFile(file.name)) {
      setRefusal(`${file.name} was not added: upload a PDF, Word (.docx), text, Markdown, HTML or CSV file.`);
      return;
    }
    if (file.size > KNOWLEDGE_LIMITS.fileBytes) {
      setRefusal(`${file.name} was not added: it is larger than ${MB} MB.`);
      return;
    }
    setUploading(file.name);
    try {
      const entry = await uploadKnowledgeFile(companyId, file, employeeId ? [employeeId] : []);
      toast({ title: `${entry.title} added`, description: "It is being read and indexed.", variant: "success" });
      await invalidateKnowledge(queryClient, companyId);
    } catch (error) {
      const reason = isApiError(error) && error.status === 413 ? `it is larger than ${MB} MB.` : describeError(error);
      setRefusal(`${file.name} was not added: ${reason}`);
    } finally {
      setUploading(null);
      // The same file can be chosen again after a fix elsewhere.
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void upload(file);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!canManage || uploading) return;
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  }

  const disabled = !canManage || uploading !== null;
  return (
    <div className="space-y-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; "Choose a file" is the keyboard's way */}
      <div
        data-testid="knowledge-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          "flex flex-col gap-4 rounded-xl border border-dashed bg-muted/20 p-4 transition-colors sm:flex-row sm:items-center",
          dragging && "border-primary bg-primary/5",
        )}
      >
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
            <FileUp className="size-5" aria-hidden />
          </div>
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium text-sm">Drop a file here to add it</p>
            <p className="text-muted-foreground text-xs">
              PDF, Word (.docx), text, Markdown, HTML or CSV, up to {MB} MB. It is read and indexed in the background.
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid gap-1">
            <label htmlFor={`${id}-for`} className="font-medium text-muted-foreground text-xs">
              For
            </label>
            <EmployeeSelect
              id={`${id}-for`}
              value={employeeId}
              onChange={setEmployeeId}
              employees={employees}
              anyLabel="All AI employees"
              disabled={!canManage}
              className="sm:w-48"
            />
          </div>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={KNOWLEDGE_FILE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="File to add to the knowledge base"
            disabled={disabled}
            onChange={choose}
          />
          <ManagerOnly allowed={canManage}>
            <Button disabled={disabled} onClick={() => inputRef.current?.click()}>
              {uploading ? <Spinner /> : <FileUp aria-hidden />}
              {uploading ? "Uploading…" : "Choose a file"}
            </Button>
          </ManagerOnly>
        </div>
      </div>
      {uploading ? (
        <p role="status" className="text-muted-foreground text-sm">
          Uploading {uploading}…
        </p>
      ) : null}
      <FormAlert message={refusal} />
    </div>
  );
}
