import { MANAGER_ROLE_REQUIRED, type Product } from "@foreman/contract";
import { MoreHorizontal, Pencil, Power, PowerOff } from "lucide-react";
import { buttonVariants } from "#web/components/ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuItem,
  LazyDropdownMenuLabel,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "#web/components/ui/lazy-dropdown-menu.tsx";

/** What a product row can ask of the catalog (which owns the dialogs and the writes). */
export type ProductActions = {
  canManage: boolean;
  onEdit: (product: Product) => void;
  /** Deactivating asks first; activating does not. */
  onSetActive: (product: Product, active: boolean) => void;
};

/** The row's ⋯ menu: edit, and deactivate or activate. A member sees them disabled, with why. */
export function ProductRowMenu({ product, actions }: { product: Product; actions: ProductActions }) {
  const { canManage } = actions;
  // Radix skips disabled items from the keyboard, so the reason is a label inside the menu too.
  const reason = canManage ? undefined : MANAGER_ROLE_REQUIRED;
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        aria-label={`Actions for ${product.name}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
      >
        <MoreHorizontal aria-hidden />
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent align="end">
        <LazyDropdownMenuItem disabled={!canManage} title={reason} onSelect={() => actions.onEdit(product)}>
          <Pencil />
          Edit product
        </LazyDropdownMenuItem>
        <LazyDropdownMenuItem
          disabled={!canManage}
          title={reason}
          variant={product.active ? "destructive" : "default"}
          onSelect={() => actions.onSetActive(product, !product.active)}
        >
          {product.active ? <PowerOff /> : <Power />}
          {product.active ? "Deactivate" : "Activate"}
        </LazyDropdownMenuItem>
        {reason ? (
          <>
            <LazyDropdownMenuSeparator />
            <LazyDropdownMenuLabel className="max-w-56 font-normal text-muted-foreground text-xs">
              {reason}
            </LazyDropdownMenuLabel>
          </>
        ) : null}
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
