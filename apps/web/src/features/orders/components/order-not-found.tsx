import { DEFAULT_TIME_FRAME } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, PackageSearch } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

/** Shown when the order does not exist or belongs to another company. */
export function OrderNotFound() {
  return (
    <div className="flex min-h-[60svh] w-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-5 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <PackageSearch className="size-5" aria-hidden />
        </div>
        <h1 className="font-semibold text-xl tracking-tight">Order Not Found</h1>
        <p className="mt-2 text-muted-foreground">
          The order you are looking for doesn&apos;t exist or you don&apos;t have permission to view it.
        </p>
        <Button asChild className="mt-6">
          <Link to="/orders" search={{ timeFrame: DEFAULT_TIME_FRAME }}>
            <ArrowLeft aria-hidden />
            Back to orders
          </Link>
        </Button>
      </div>
    </div>
  );
}
