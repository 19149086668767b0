import { Link } from "@tanstack/react-router";
import { ChevronRight, ClipboardList, type LucideIcon, MessagesSquare, ReceiptText } from "lucide-react";
import { Card } from "#web/components/ui/card.tsx";

// Where the employee's work lives: the lists, filtered to it. The lists' `aiEmployeeId` search params
// are being added with their filters, so the searches are untyped here until then.

type WorkLink = { to: "/orders" | "/conversations" | "/action_items"; label: string; note: string; icon: LucideIcon };

const LINKS: WorkLink[] = [
  { to: "/orders", label: "Orders", note: "Quotes and orders it handled", icon: ReceiptText },
  { to: "/conversations", label: "Conversations", note: "Customers it talked to", icon: MessagesSquare },
  { to: "/action_items", label: "Action items", note: "What it handed to a human", icon: ClipboardList },
];

export function EmployeeLinks({ aiEmployeeId, name }: { aiEmployeeId: string; name: string }) {
  return (
    <Card className="gap-0 py-0">
      <nav aria-label={`${name}'s work`}>
        <ul className="divide-y">
          {LINKS.map(({ to, label, note, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                search={{ aiEmployeeId } as never}
                data-testid={`employee-link-${to.slice(1)}`}
                className="flex items-center gap-3 px-5 py-3 outline-none transition-colors first:rounded-t-xl hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-sm">{label}</span>
                  <span className="block truncate text-muted-foreground text-xs">{note}</span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
