import { KNOWLEDGE_LIMITS, type KnowledgePassage } from "@foreman/contract";
import { MessageCircleQuestion, SearchX } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { type EmployeeName, searchKnowledge } from "../api.ts";
import { EmployeeSelect } from "./employee-select.tsx";

type Result = { query: string; passages: KnowledgePassage[] };

/** Ask what a customer would: the passages an AI employee would be given, best first. */
export function KnowledgeTestSearch({
  companyId,
  employees,
}: {
  companyId: string;
  employees: readonly EmployeeName[];
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [employeeId, setEmployeeId] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    setSearching(true);
    setError(null);
    try {
      const answer = await searchKnowledge(companyId, { query: text, aiEmployeeId: employeeId || undefined });
      setResult({ query: text, passages: answer.passages });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSearching(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="space-y-1">
        <h3 id={`${id}-heading`} className="font-semibold text-base">
          Test a question
        </h3>
        <p className="text-muted-foreground text-sm">
          Ask what a customer would, and see the passages an AI employee would answer from.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={`${id}-query`} className="font-medium text-muted-foreground text-xs">
            Question
          </label>
          <Input
            id={`${id}-query`}
            value={query}
            maxLength={KNOWLEDGE_LIMITS.query}
            placeholder="What is your return policy?"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-employee`} className="font-medium text-muted-foreground text-xs">
            AI employee
          </label>
          <EmployeeSelect
            id={`${id}-employee`}
            value={employeeId}
            onChange={setEmployeeId}
            employees={employees}
            anyLabel="Any AI employee"
            className="sm:w-48"
          />
        </div>
        <Button type="submit" disabled={searching || !query.trim()}>
          {searching ? <Spinner /> : <MessageCircleQuestion aria-hidden />}
          Search
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {result ? <Passages result={result} /> : null}
    </section>
  );
}

function Passages({ result }: { result: Result }) {
  if (result.passages.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="No passage matches"
        description={`Nothing in the knowledge base answers “${result.query}”. Add an entry that does.`}
        className="py-8"
      />
    );
  }
  return (
    <ol aria-label="Matching passages" className="space-y-2" aria-live="polite">
      {result.passages.map((passage, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry may give several passages; each search replaces the list whole
        <PassageItem key={`${passage.entryId}-${index}`} passage={passage} position={index + 1} />
      ))}
    </ol>
  );
}

const PREVIEW_CHARACTERS = 280;

function PassageItem({ passage, position }: { passage: KnowledgePassage; position: number }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = passage.text.length > PREVIEW_CHARACTERS;
  const text = long && !expanded ? `${passage.text.slice(0, PREVIEW_CHARACTERS).trimEnd()}…` : passage.text;
  return (
    <li className="space-y-1 rounded-lg border bg-background p-3" data-testid="knowledge-passage">
      <p className="flex min-w-0 items-baseline gap-2 font-medium text-sm">
        <span className="text-muted-foreground tabular-nums">{position}.</span>
        <span className="min-w-0 break-words">
          {passage.title}
          {passage.heading ? <span className="text-muted-foreground"> › {passage.heading}</span> : null}
        </span>
      </p>
      <p id={`${id}-text`} className="whitespace-pre-line break-words text-muted-foreground text-sm">
        {text}
      </p>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      ) : null}
    </li>
  );
}
