import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED_COLUMNS, PRODUCT_IMPORT_LIMITS } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { CsvImportDialog } from "#web/components/import/csv-import-dialog.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { importProducts, invalidateProducts } from "../api.ts";

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? "" : "s"}`;

type ProductImportDialogProps = { companyId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Import products from a CSV: pick, send; a file with any problem changes nothing. */
export function ProductImportDialog({ companyId, open, onOpenChange }: ProductImportDialogProps) {
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title="Import products"
      description={
        <>
          A CSV file (at most {PRODUCT_IMPORT_LIMITS.bytes / (1024 * 1024)} MB, {count(PRODUCT_IMPORT_LIMITS.rows)}{" "}
          rows) with a header row. Columns: {PRODUCT_CSV_COLUMNS.join(", ")}; {PRODUCT_CSV_REQUIRED_COLUMNS.join(", ")}{" "}
          are required. A known SKU updates its product, a new one adds it. If any row has a problem, nothing is
          imported.
        </>
      }
      maxBytes={PRODUCT_IMPORT_LIMITS.bytes}
      submitLabel={() => "Import file"}
      upload={async (file) => {
        const result = await importProducts(companyId, file);
        toast({
          title: "Catalog imported",
          description: `${plural(result.created, "product")} created, ${count(result.updated)} updated, ${count(result.unchanged)} unchanged.`,
          variant: "success",
        });
      }}
      onImported={() => invalidateProducts(queryClient, companyId)}
    />
  );
}
