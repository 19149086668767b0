import { DEFAULT_TIME_FRAME } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, PackageSearch } from "lucide-react";
import { NotFoundScreen } from "#web/components/feedback/not-found-screen.tsx";

/** Shown when the order does not exist or belongs to another company. */
export function OrderNotFound() {
  return (
    <NotFoundScreen
      icon={PackageSearch}
      title="Order Not Found"
      description="The order you are looking for doesn't exist or you don't have permission to view it."
      action={
        <Link to="/orders" search={{ timeFrame: DEFAULT_TIME_FRAME }}>
          <ArrowLeft aria-hidden />
          Back to orders
        </Link>
      }
    />
  );
}
