import { describeProblem } from "#web/components/import/import-failure.ts";
import type { ImportPreview } from "./import-preview.ts";

/** The file's first rows as a small table, or why it cannot be read as CSV. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  if (preview.problem) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {describeProblem(preview.problem)}
      </p>
    );
  }
  if (preview.count === 0) return <p className="text-muted-foreground text-sm">The file has no rows to import.</p>;
  return (
    <div className="space-y-1.5">
      <p className="text-muted-foreground text-sm">
        {preview.count} {preview.count === 1 ? "row" : "rows"}
        {preview.count > preview.rows.length ? `; the first ${preview.rows.length}:` : ":"}
      </p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" aria-label="Preview of the file">
          <thead className="bg-muted/50 text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                Line
              </th>
              {preview.columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5 text-left font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-t">
                <td className="px-2 py-1.5 text-muted-foreground tabular-nums">{row.line}</td>
                {row.cells.map((cell, index) => (
                  <td key={preview.columns[index]} className="max-w-40 truncate px-2 py-1.5" title={cell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
