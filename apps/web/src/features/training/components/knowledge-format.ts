import type { KnowledgeEntry, KnowledgeStatus } from "@foreman/contract";

/** What the upload takes; the server checks the content too (a renamed file is refused). */
export const KNOWLEDGE_FILE_ACCEPT = ".pdf,.docx,.txt,.md,.html,.htm,.csv";
const ACCEPTED_EXTENSIONS = KNOWLEDGE_FILE_ACCEPT.split(",");

export const isAcceptedKnowledgeFile = (name: string) =>
  ACCEPTED_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/** "1.4 MB", "820 KB", "312 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const STATUS_LABELS: Record<KnowledgeStatus, string> = {
  queued: "Queued",
  extracting: "Extracting",
  indexed: "Indexed",
  failed: "Failed",
};

/** Under the title: "returns.pdf · PDF · 1.4 MB", "Question and answer", "Note". */
/** How people name each kind of file the knowledge base reads. */
const FILE_KIND_LABELS: Record<string, string> = {
  pdf: "PDF",
  docx: "Word",
  text: "Text",
  markdown: "Markdown",
  html: "HTML",
  csv: "CSV",
};

export function describeSource(entry: Pick<KnowledgeEntry, "source" | "fileName" | "fileKind" | "byteSize">): string {
  if (entry.source === "qa") return "Question and answer";
  if (entry.source === "note") return "Note";
  return [
    entry.fileName,
    entry.fileKind ? (FILE_KIND_LABELS[entry.fileKind] ?? entry.fileKind) : null,
    entry.byteSize === null ? null : formatBytes(entry.byteSize),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** "All AI employees", or the names of those it is for (an id without a known name is left as is). */
export function describeEmployees(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  if (ids.length === 0) return "All";
  return ids.map((id) => names.get(id) ?? "Unknown AI employee").join(", ");
}
