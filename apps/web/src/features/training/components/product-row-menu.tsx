import type { Product } from "@foreman/contract";
import { RowMenu } from "#web/components/menus/row-menu.tsx";

/** What a product row can ask of the catalog (which owns the dialogs and the writes). */
export type ProductActions = {
  canManage: boolean;
  onEdit: (product: Product) => void;
  /** Deactivating asks first; activating does not. */
  onSetActive: (product: Product, active: boolean) => void;
};

/** The row's ⋯ menu: edit, and deactivate or activate. */
export function ProductRowMenu({ product, actions }: { product: Product; actions: ProductActions }) {
  return (
    <RowMenu
      name={product.name}
      canManage={actions.canManage}
      active={product.active}
      editLabel="Edit product"
      onEdit={() => actions.onEdit(product)}
      onSetActive={(active) => actions.onSetActive(product, active)}
    />
  );
}
