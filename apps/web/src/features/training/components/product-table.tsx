import type { Product } from "@foreman/contract";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { ColumnTable } from "#web/components/tables/column-table.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { describeStock, formatPrice } from "./product-format.ts";
import { type ProductActions, ProductRowMenu } from "./product-row-menu.tsx";

function productColumns(actions: ProductActions): ColumnDef<Product>[] {
  return [
    {
      id: "sku",
      header: "SKU",
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.sku}</span>,
      meta: { look: { cell: "whitespace-nowrap" } },
    },
    {
      id: "name",
      header: "Name",
      cell: ({ row }) => (
        <div className="min-w-0 max-w-64">
          <p className="truncate font-medium" title={row.original.name}>
            {row.original.name}
          </p>
          {row.original.description ? (
            <p className="truncate text-muted-foreground text-xs" title={row.original.description}>
              {row.original.description}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: "unit",
      header: "Unit",
      cell: ({ row }) => row.original.measureUnit,
      meta: { look: { head: "hidden md:table-cell", cell: "hidden text-muted-foreground md:table-cell" } },
    },
    {
      id: "price",
      header: "Price",
      cell: ({ row }) => formatPrice(row.original.unitPriceCents, row.original.currency),
      meta: { look: { head: "text-right", cell: "whitespace-nowrap text-right tabular-nums" } },
    },
    {
      id: "stock",
      header: "Stock",
      cell: ({ row }) => (
        <div className="grid gap-0.5 text-xs">
          <span className="tabular-nums">{describeStock(row.original)}</span>
          <span className={row.original.available ? "text-success" : "text-muted-foreground"}>
            {row.original.available ? "Available" : "Not available now"}
          </span>
        </div>
      ),
      meta: { look: { head: "hidden sm:table-cell", cell: "hidden whitespace-nowrap sm:table-cell" } },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) =>
        row.original.active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <ProductRowMenu product={row.original} actions={actions} />,
      meta: { look: { cell: "w-10 text-right" } },
    },
  ];
}

type ProductTableProps = { products: Product[]; actions: ProductActions; updating?: boolean };

/** One page of the catalog (the server pages, searches and sorts); Unit and Stock give way on phones. */
export function ProductTable({ products, actions, updating }: ProductTableProps) {
  const columns = useMemo(() => productColumns(actions), [actions]);
  return (
    <ColumnTable
      items={products}
      columns={columns}
      label="Products"
      rowProps={(product) => ({ "data-testid": "product-row", "data-product-id": product.id })}
      updating={updating}
    />
  );
}
