import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/orders/$orderId")({
  head: () => ({ meta: [{ title: "Order details · Foreman" }] }),
  component: OrderDetailsPage,
});

function OrderDetailsPage() {
  return (
    <NotBuiltYet
      title="Order details"
      description="Customer information, delivery address, items and summary, with a PDF download and a link to the conversation. The sales work will fill this screen."
      issue={3}
    />
  );
}
