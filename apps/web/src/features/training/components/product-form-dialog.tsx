import { PRODUCT_LIMITS, type Product, type ProductPatch } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { createProduct, invalidateProducts, updateProduct } from "../api.ts";
import { centsToText, textToCents } from "./product-format.ts";

type ProductFormValues = {
  sku: string;
  name: string;
  description: string;
  measureUnit: string;
  price: string;
  stock: string;
  available: boolean;
  active: boolean;
};

const emptyValues: ProductFormValues = {
  sku: "",
  name: "",
  description: "",
  measureUnit: "unit",
  price: "",
  stock: "",
  available: true,
  active: true,
};

const toValues = (product: Product): ProductFormValues => ({
  sku: product.sku,
  name: product.name,
  description: product.description,
  measureUnit: product.measureUnit,
  price: centsToText(product.unitPriceCents),
  stock: product.stock === null ? "" : String(product.stock),
  available: product.available,
  active: product.active,
});

type ProductInput = Required<Omit<ProductPatch, "currency">>;
type Parsed = { ok: true; input: ProductInput } | { ok: false; errors: FieldErrors<ProductFormValues> };

/** The form's values as the API takes them, or what is wrong with them (the server checks again). */
function parse(values: ProductFormValues): Parsed {
  const errors: FieldErrors<ProductFormValues> = {};
  if (!values.sku.trim()) errors.sku = "SKU is required";
  if (!values.name.trim()) errors.name = "Name is required";
  if (!values.measureUnit.trim()) errors.measureUnit = "Unit is required";
  const cents = textToCents(values.price);
  if (cents === null) errors.price = "Enter a price like 18.50";
  else if (cents > PRODUCT_LIMITS.unitPriceCents) errors.price = "The price is too high";
  const stockText = values.stock.trim();
  const stock = stockText === "" ? null : Number(stockText);
  if (stock !== null && (!Number.isInteger(stock) || stock < 0 || stock > PRODUCT_LIMITS.stock))
    errors.stock = "Enter a whole number, or leave empty when stock is not tracked";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      sku: values.sku.trim(),
      name: values.name.trim(),
      description: values.description.trim(),
      measureUnit: values.measureUnit.trim(),
      unitPriceCents: cents ?? 0,
      stock,
      available: values.available,
      active: values.active,
    },
  };
}

/** Only what changed, so the activity log records just that. */
function changes(product: Product, input: ProductInput): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (product[key as keyof Product] !== value) patch[key] = value;
  }
  return patch as ProductPatch;
}

/** The server's field errors (400 details, a 409 taken SKU) by field; anything else as one message. */
function serverErrors(error: unknown): { fields: FieldErrors<ProductFormValues>; message?: string } {
  if (isApiError(error) && error.status === 409) return { fields: { sku: describeError(error) } };
  return serverFieldErrors(error, Object.keys(emptyValues) as (keyof ProductFormValues)[], { unitPriceCents: "price" });
}

type ProductFormDialogProps = {
  companyId: string;
  /** The product to edit, "new" to add one, null when closed. */
  product: Product | "new" | null;
  onClose: () => void;
};

/** Adding or editing a product: name, description, unit, price, stock, availability and whether it is sold. */
export function ProductFormDialog({ companyId, product, onClose }: ProductFormDialogProps) {
  const editing = product !== null && product !== "new" ? product : null;
  return (
    <FormDialog
      open={product !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : "Add a product"}
      description={
        editing
          ? "Only what you change is saved. A new price is quoted from the next message on."
          : "The AI employees can find and quote it as soon as it is saved."
      }
    >
      <ProductForm key={editing?.id ?? "new"} companyId={companyId} product={editing} onClose={onClose} />
    </FormDialog>
  );
}

function ProductForm({
  companyId,
  product,
  onClose,
}: {
  companyId: string;
  product: Product | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { id, values, set, errors, failure, saving, submit, control } = useDialogForm(() =>
    product ? toValues(product) : emptyValues,
  );
  const onSubmit = submit({
    parse,
    save: async (input: ProductInput) => {
      if (product) {
        const patch = changes(product, input);
        if (Object.keys(patch).length > 0) await updateProduct(companyId, product.id, patch);
        toast({ title: `${input.name} saved`, variant: "success" });
      } else {
        await createProduct(companyId, input);
        toast({ title: `${input.name} added`, variant: "success" });
      }
      onClose();
      await invalidateProducts(queryClient, companyId);
    },
    refusal: serverErrors,
  });

  const stockHint = "Leave empty when you do not track stock.";
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-sku`} label="SKU" error={errors.sku}>
          <Input
            {...control("sku")}
            value={values.sku}
            maxLength={PRODUCT_LIMITS.sku}
            onChange={(event) => set("sku", event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-name`} label="Name" error={errors.name}>
          <Input
            {...control("name")}
            value={values.name}
            maxLength={PRODUCT_LIMITS.name}
            onChange={(event) => set("name", event.target.value)}
          />
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea
          {...control("description")}
          value={values.description}
          maxLength={PRODUCT_LIMITS.description}
          rows={3}
          onChange={(event) => set("description", event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-measureUnit`} label="Unit" error={errors.measureUnit}>
          <Input
            {...control("measureUnit")}
            value={values.measureUnit}
            maxLength={PRODUCT_LIMITS.measureUnit}
            onChange={(event) => set("measureUnit", event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-price`} label={`Price${product ? ` (${product.currency})` : ""}`} error={errors.price}>
          <Input
            {...control("price")}
            inputMode="decimal"
            value={values.price}
            onChange={(event) => set("price", event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-stock`} label="Stock" error={errors.stock} hint={stockHint}>
          <Input
            {...control("stock", stockHint)}
            inputMode="numeric"
            value={values.stock}
            onChange={(event) => set("stock", event.target.value)}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Sale</legend>
        <Check
          id={`${id}-available`}
          label="Available now"
          hint="When off, the AI employees still find it and say it is not available."
          checked={values.available}
          onChange={(checked) => set("available", checked)}
        />
        <Check
          id={`${id}-active`}
          label="Active"
          hint="When off, the AI employees neither find nor quote it."
          checked={values.active}
          onChange={(checked) => set("active", checked)}
        />
      </fieldset>
      <FormDialogFooter
        failure={failure}
        saving={saving}
        submitLabel={product ? "Save" : "Add product"}
        onCancel={onClose}
      />
    </form>
  );
}

type CheckProps = { id: string; label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void };

function Check({ id, label, hint, checked, onChange }: CheckProps) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}
