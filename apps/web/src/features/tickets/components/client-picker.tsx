import type { TicketClient } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { ticketClientsQueryOptions } from "../api.ts";
import { SEARCH_PAUSE_MS } from "./ticket-search-box.tsx";

type ClientPickerProps = {
  /** The field's id: the search box has it, the choices are named after it. */
  id: string;
  /** The chosen customer's id, or "". */
  value: string;
  onChange: (customerId: string) => void;
  /** Why no client can be chosen here: switch to typing a new one. */
  onNewClient: () => void;
  error?: string;
  "aria-describedby"?: string;
};

const clientFacts = (client: TicketClient) =>
  [client.organization, client.email, client.phone].filter(Boolean).join(" · ");

/**
 * The company's customers, searched as you pause typing (name, organization, email or phone), as a
 * list of choices. The chosen one stays listed while the search changes.
 */
export function ClientPicker({ id, value, onChange, onNewClient, error, ...described }: ClientPickerProps) {
  const companyId = useCompanyId();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<TicketClient | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery({ ...ticketClientsQueryOptions(companyId, q), placeholderData: keepPreviousData });
  const found = query.data ?? [];
  const choices = chosen && chosen.id === value && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder="Name, organization, email or phone"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          className="pl-8"
          {...described}
        />
        {query.isFetching ? <Spinner className="absolute top-2.5 right-2.5 size-4 text-muted-foreground" /> : null}
      </div>
      {query.error && !query.data ? (
        <QueryError
          title="Couldn't load the clients"
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      ) : !query.data ? null : choices.length === 0 ? (
        <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
          {q ? `No client matches “${q}”. ` : "No clients yet. "}
          <button
            type="button"
            onClick={onNewClient}
            className="font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            Add a new client
          </button>
        </p>
      ) : (
        <fieldset className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">{q ? `Clients matching ${q}` : "Clients"}</legend>
          <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border p-1" data-testid="client-choices">
            {choices.map((client) => {
              const selected = client.id === value;
              const facts = clientFacts(client);
              return (
                <li key={client.id}>
                  <label
                    className={cn(
                      "flex cursor-pointer items-start gap-2 rounded-md p-2 text-sm hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      selected && "bg-primary/10",
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-client`}
                      value={client.id}
                      checked={selected}
                      onChange={() => {
                        setChosen(client);
                        onChange(client.id);
                      }}
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{client.fullName}</span>
                      {facts ? <span className="block truncate text-muted-foreground text-xs">{facts}</span> : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
