import { AI_EMPLOYEE_CSV_COLUMNS, AI_EMPLOYEE_IMPORT_LIMITS } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { CsvImportDialog } from "#web/components/import/csv-import-dialog.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { importAiEmployees, invalidateWorkforce } from "../api.ts";
import { previewCsv } from "./import-preview.ts";
import { ImportPreviewTable } from "./import-preview-table.tsx";

type ImportDialogProps = { companyId: string; open: boolean; onOpenChange: (open: boolean) => void };

const employees = (count: number) => (count === 1 ? "employee" : "employees");

/** Import AI employees from a CSV: pick, preview, send. The file is all or nothing on the server. */
export function ImportDialog({ companyId, open, onOpenChange }: ImportDialogProps) {
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      size="2xl"
      title="Import AI employees"
      description={
        <>
          A CSV file (at most {AI_EMPLOYEE_IMPORT_LIMITS.bytes / (1024 * 1024)} MB) with a header row. Columns:{" "}
          {AI_EMPLOYEE_CSV_COLUMNS.join(", ")}; name, role and department are required. If any row has a problem,
          nothing is imported.
        </>
      }
      maxBytes={AI_EMPLOYEE_IMPORT_LIMITS.bytes}
      preview={(text) => {
        const preview = previewCsv(text);
        return { count: preview.count, view: <ImportPreviewTable preview={preview} /> };
      }}
      // Before a file is read there is nothing to count.
      submitLabel={(count) => (count ? `Import ${count} ${employees(count)}` : "Import")}
      upload={async (file) => {
        const result = await importAiEmployees(companyId, file);
        toast({ title: `Imported ${result.imported} AI ${employees(result.imported)}`, variant: "success" });
      }}
      onImported={() => invalidateWorkforce(queryClient, companyId)}
    />
  );
}
