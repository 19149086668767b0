import type { Product } from "@foreman/contract";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, PackagePlus, Plus, SearchX, Upload } from "lucide-react";
import { useMemo, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { AddressSearchBox } from "#web/components/search/address-search-box.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import {
  exportProductsCsv,
  invalidateProducts,
  PRODUCTS_PER_PAGE,
  productsQueryOptions,
  updateProduct,
} from "../api.ts";
import type { TrainingSearch } from "../training-search.ts";
import { ProductFormDialog } from "./product-form-dialog.tsx";
import { ProductImportDialog } from "./product-import-dialog.tsx";
import type { ProductActions } from "./product-row-menu.tsx";
import { ProductTable } from "./product-table.tsx";

export type TrainingSearchUpdate = (patch: Partial<TrainingSearch>, options?: { replace?: boolean }) => void;

type CatalogSectionProps = {
  search: Pick<TrainingSearch, "productQ" | "productPage">;
  onSearch: TrainingSearchUpdate;
  canManage: boolean;
};

/** What the company sells: search and pages in the address, edits and imports for owners and admins. */
export function CatalogSection({ search, onSearch, canManage }: CatalogSectionProps) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const page = search.productPage ?? 1;
  const query = useQuery({
    ...productsQueryOptions(companyId, { q: search.productQ, page }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Product | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<Product | null>(null);
  const [switching, setSwitching] = useState(false);

  async function setActive(product: Product, active: boolean) {
    setSwitching(true);
    try {
      await updateProduct(companyId, product.id, { active });
      toast({ title: `${product.name} ${active ? "activated" : "deactivated"}`, variant: "success" });
      setConfirming(null);
      await invalidateProducts(queryClient, companyId);
    } catch (error) {
      toast({
        title: `${product.name} could not be ${active ? "activated" : "deactivated"}`,
        description: describeError(error),
        variant: "destructive",
      });
    } finally {
      setSwitching(false);
    }
  }

  // The latest setActive is read through the state setters; the actions stay stable for the table.
  const setActiveRef = useLatest(setActive);
  const actions = useMemo<ProductActions>(
    () => ({
      canManage,
      onEdit: (product) => setEditing(product),
      onSetActive: (product, active) => (active ? void setActiveRef.current(product, true) : setConfirming(product)),
    }),
    [canManage, setActiveRef],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      saveFile(await exportProductsCsv(companyId), "products.csv");
    } catch (error) {
      toast({ title: "The export failed", description: describeError(error), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  const data = query.data;
  const content = (() => {
    if (query.error && !data) {
      return <QueryError title="Couldn't load the catalog" error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (!data) return <CatalogSkeleton />;
    if (data.total === 0 && search.productQ) {
      return (
        <EmptyState
          icon={SearchX}
          title="No products match"
          description={`No SKU or name contains “${search.productQ}”.`}
          action={
            <Button variant="outline" onClick={() => onSearch({ productQ: undefined, productPage: undefined })}>
              Clear search
            </Button>
          }
        />
      );
    }
    if (data.total === 0) {
      return (
        <EmptyState
          icon={PackagePlus}
          title="No products yet"
          description="The products your AI employees may offer and quote appear here. Add them one by one, or import a CSV file."
          action={
            <ManagerOnly allowed={canManage}>
              <Button disabled={!canManage} onClick={() => setEditing("new")}>
                <Plus aria-hidden />
                Add product
              </Button>
            </ManagerOnly>
          }
        />
      );
    }
    const pageCount = Math.max(1, Math.ceil(data.total / PRODUCTS_PER_PAGE));
    if (data.products.length === 0) {
      return (
        <EmptyState
          icon={SearchX}
          title="This page is past the end"
          description={`The catalog has ${pageCount} ${pageCount === 1 ? "page" : "pages"} for this search.`}
          action={
            <Button variant="outline" onClick={() => onSearch({ productPage: undefined })}>
              Go to the first page
            </Button>
          }
        />
      );
    }
    return (
      <div className="space-y-3">
        <ProductTable products={data.products} actions={actions} updating={query.isPlaceholderData} />
        <nav aria-label="Catalog pages" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="products-count">
            Page {page} of {pageCount.toLocaleString("en-US")} · {data.total.toLocaleString("en-US")}{" "}
            {data.total === 1 ? "product" : "products"}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => onSearch({ productPage: page - 1 > 1 ? page - 1 : undefined })}
            >
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pageCount}
              onClick={() => onSearch({ productPage: page + 1 })}
            >
              Next
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      </div>
    );
  })();

  return (
    <section aria-labelledby="catalog-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="catalog-heading" className="font-semibold text-lg">
          Catalog
        </h2>
        <p className="text-muted-foreground text-sm">
          The products and prices your AI employees find and quote. Inactive products are never offered.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <AddressSearchBox
          label="Search products"
          placeholder="SKU or name"
          value={search.productQ}
          onSearch={(productQ) => onSearch({ productQ, productPage: undefined }, { replace: true })}
        />
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <ManagerOnly allowed={canManage}>
            <Button variant="outline" disabled={!canManage} onClick={() => setImporting(true)}>
              <Upload aria-hidden />
              Import
            </Button>
          </ManagerOnly>
          <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
            <Download aria-hidden />
            Export
          </Button>
          <ManagerOnly allowed={canManage}>
            <Button disabled={!canManage} onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              Add product
            </Button>
          </ManagerOnly>
        </div>
      </div>
      {content}
      <ProductImportDialog companyId={companyId} open={importing} onOpenChange={setImporting} />
      <ProductFormDialog companyId={companyId} product={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={`Deactivate ${confirming?.name ?? ""}?`}
        description="The AI employees stop finding and quoting it. Quotes already made keep it, and you can activate it again."
        confirmLabel="Deactivate"
        pending={switching}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void setActive(confirming, false)}
      />
    </section>
  );
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

export function CatalogSkeleton() {
  return (
    <div role="status" aria-label="Loading the catalog" className="space-y-2 rounded-xl border bg-card p-4 shadow-xs">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-9 w-full" />
      ))}
    </div>
  );
}
