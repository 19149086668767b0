import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { stubFormDataAsJson } from "#web/test/stub-form-data.ts";
import type { TrainingSearch } from "../training-search.ts";
import { CatalogSection } from "./catalog-section.tsx";

const api = signedInLocalApi();
const COMPANY = "company-9";

// As the server sends them: snake_case.
const product = (id: string, sku: string, name: string, cents: number, extra: object = {}) => ({
  id,
  sku,
  name,
  description: "",
  measure_unit: "box",
  unit_price_cents: cents,
  currency: "EUR",
  stock: 12,
  available: true,
  active: true,
  created_at: "2026-03-05T10:00:00Z",
  updated_at: "2026-03-05T10:00:00Z",
  ...extra,
});

const CATALOG = [
  product("p1", "PAL-01", "Wooden pallet", 1850),
  product("p2", "BOX-10", "Cardboard box", 125_000, { stock: null, active: false }),
  product("p3", "TAPE-3", "Packing tape", 399, { stock: 0, available: false }),
];

/** Serves the catalog, filtered by `q` as the server does (SKU or name). */
function serve(products = CATALOG) {
  api.routes["GET /app/products.json"] = (req, res) => {
    const q = new URL(req.path, "http://x").searchParams.get("q")?.toLowerCase() ?? "";
    const found = products.filter((p) => `${p.sku} ${p.name}`.toLowerCase().includes(q));
    sendJson(res, 200, { products: found, total: found.length, page: 1, per_page: 25 });
  };
}

function Harness({ canManage, onChange }: { canManage: boolean; onChange?: (search: TrainingSearch) => void }) {
  const [search, setSearch] = useState<TrainingSearch>({});
  return (
    <CatalogSection
      search={search}
      onSearch={(patch) =>
        setSearch((prev) => {
          const next = { ...prev, ...patch };
          onChange?.(next);
          return next;
        })
      }
      canManage={canManage}
    />
  );
}

function renderCatalog({
  canManage = true,
  onChange,
}: {
  canManage?: boolean;
  onChange?: (s: TrainingSearch) => void;
} = {}) {
  return renderInCompany(<Harness canManage={canManage} onChange={onChange} />, {
    companyId: COMPANY,
    path: "/training",
  });
}

describe("catalog", () => {
  it("lists the products with their price in the currency, stock and status", async () => {
    serve();
    renderCatalog();
    const rows = await screen.findAllByTestId("product-row");
    expect(rows).toHaveLength(3);
    expect(api.requests.find((r) => r.path.startsWith("/app/products.json"))?.path).toBe(
      "/app/products.json?page=1&per_page=25",
    );
    expect(api.requests[0]?.headers["x-company-id"]).toBe(COMPANY);
    const [pallet, box, tape] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(pallet).toHaveTextContent("PAL-01");
    expect(pallet).toHaveTextContent("€18.50");
    expect(pallet).toHaveTextContent("12 in stock");
    expect(within(pallet).getByText("Active")).toBeInTheDocument();
    expect(box).toHaveTextContent("€1,250.00");
    expect(box).toHaveTextContent("Stock not tracked");
    expect(within(box).getByText("Inactive")).toBeInTheDocument();
    expect(tape).toHaveTextContent("Out of stock");
    expect(tape).toHaveTextContent("Not available now");
    expect(screen.getByTestId("products-count")).toHaveTextContent("Page 1 of 1 · 3 products");
  });

  it("searches after a pause, keeps the search in the address and asks the server", async () => {
    serve();
    const changes: TrainingSearch[] = [];
    renderCatalog({ onChange: (search) => changes.push(search) });
    await screen.findAllByTestId("product-row");
    await userEvent.type(screen.getByLabelText("Search products"), "tape");
    await waitFor(() => expect(screen.getAllByTestId("product-row")).toHaveLength(1));
    expect(screen.getByTestId("product-row")).toHaveTextContent("Packing tape");
    expect(changes.at(-1)).toEqual({ productQ: "tape", productPage: undefined });
    // One request for the whole word, not one per key.
    expect(api.requests.filter((r) => r.path.includes("q=")).map((r) => r.path)).toEqual([
      "/app/products.json?q=tape&page=1&per_page=25",
    ]);

    await userEvent.clear(screen.getByLabelText("Search products"));
    await userEvent.type(screen.getByLabelText("Search products"), "nothing");
    expect(await screen.findByText("No products match")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
    await waitFor(() => expect(screen.getAllByTestId("product-row")).toHaveLength(3));
    expect(screen.getByLabelText("Search products")).toHaveValue("");
  });

  it("shows a member Import and Add product disabled with the reason, Export enabled", async () => {
    serve();
    renderCatalog({ canManage: false });
    await screen.findAllByTestId("product-row");
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add product" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();
    screen.getAllByTestId("manager-only")[0]!.focus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(MANAGER_ROLE_REQUIRED);
  });

  it("edits a product and sends only what changed", async () => {
    serve();
    api.routes["PATCH /app/products/p1.json"] = (_req, res) =>
      sendJson(res, 200, { ...CATALOG[0], unit_price_cents: 2000 });
    renderCatalog();
    await screen.findAllByTestId("product-row");
    await userEvent.click(screen.getByRole("button", { name: "Actions for Wooden pallet" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit product" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Wooden pallet" });
    const price = within(dialog).getByLabelText("Price (EUR)");
    expect(price).toHaveValue("18.50");
    await userEvent.clear(price);
    await userEvent.type(price, "20");
    await userEvent.click(within(dialog).getByLabelText("Available now"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = api.requests.find((r) => r.method === "PATCH");
    expect(sent?.body).toEqual({ unit_price_cents: 2000, available: false });
  });

  it("deactivates a product after asking", async () => {
    serve();
    api.routes["PATCH /app/products/p1.json"] = (_req, res) => sendJson(res, 200, { ...CATALOG[0], active: false });
    renderCatalog();
    await screen.findAllByTestId("product-row");
    await userEvent.click(screen.getByRole("button", { name: "Actions for Wooden pallet" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Wooden pallet?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ active: false }));
  });

  it("lists the lines and columns of a refused import, and says nothing was imported", async () => {
    serve();
    api.routes["POST /app/products/import.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "The file has problems; nothing was imported",
        details: [
          { line: 3, column: "unit_price", message: "Must be a price like 18.00" },
          { line: 5, column: "sku", message: "PAL-01 is in the file twice" },
        ],
      });
    stubFormDataAsJson();
    renderCatalog();
    await screen.findAllByTestId("product-row");
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import products" });
    await userEvent.upload(
      within(dialog).getByLabelText("CSV file"),
      new File(["sku,name,unit_price\nA,B,x\n"], "catalog.csv", { type: "text/csv" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Import file" }));
    const problems = await within(dialog).findByRole("list", { name: "Problems in the file" });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Line 3, unit_price: Must be a price like 18.00", "Line 5, sku: PAL-01 is in the file twice"]);
    expect(dialog).toHaveTextContent("Nothing was imported");
    expect(api.requests.find((r) => r.path === "/app/products/import.json")?.body).toEqual({ file: "catalog.csv" });
  });

  it("says how many products an import created and updated", async () => {
    serve();
    api.routes["POST /app/products/import.json"] = (_req, res) =>
      sendJson(res, 200, { created: 2, updated: 1, unchanged: 4 });
    stubFormDataAsJson();
    renderCatalog();
    await screen.findAllByTestId("product-row");
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import products" });
    await userEvent.upload(within(dialog).getByLabelText("CSV file"), new File(["x"], "c.csv", { type: "text/csv" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Import file" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(getToasts().at(-1)).toMatchObject({
      title: "Catalog imported",
      description: "2 products created, 1 updated, 4 unchanged.",
    });
  });
});
