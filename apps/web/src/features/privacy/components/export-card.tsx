import { type DataExport, EXPORT_LINK_HOURS, exportDownloadable } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileArchive } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import { fetchExportArchive, privacyKeys, startExport } from "../api.ts";

type ExportCardProps = {
  companyId: string;
  exports: DataExport[];
  /** Only owners start and download exports. */
  isOwner: boolean;
};

/** "2.4 MB". */
function fileSize(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "in 23 hours", "in 1 hour", "in 40 minutes": what is left of a download link. */
export function linkTimeLeft(expiresAt: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000));
  if (minutes < 60) return minutes === 1 ? "in 1 minute" : `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "in 1 hour" : `in ${hours} hours`;
}

/** Export all of the company's data: owners start one and download it; everyone sees the latest ones. */
export function ExportCard({ companyId, exports, isOwner }: ExportCardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const underWay = exports.some((item) => item.state === "queued" || item.state === "running");

  async function start() {
    setStarting(true);
    try {
      await startExport(companyId);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.settings(companyId) });
      toast({ title: "Export started", description: "It is written in the background; you can leave this page." });
    } catch (error) {
      toast({ title: "The export could not be started", description: describeError(error), variant: "destructive" });
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={id} data-testid="export-card">
      <CardHeader>
        <CardTitle>
          <h2 id={id}>Export your data</h2>
        </CardTitle>
        <CardDescription>
          A zip of every table of the company as JSON and CSV, with its files. The download link works for{" "}
          {EXPORT_LINK_HOURS} hours. Passwords, tokens and other secrets are never included.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isOwner ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <Button variant="outline" onClick={() => void start()} disabled={starting || underWay}>
              {starting ? <Spinner /> : <FileArchive aria-hidden />}
              Export data
            </Button>
            {underWay ? <span className="text-muted-foreground text-xs">One export at a time.</span> : null}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">Only owners can export the company's data.</p>
        )}
        {exports.length === 0 ? (
          isOwner ? (
            <p className="text-muted-foreground text-sm">No exports yet.</p>
          ) : null
        ) : (
          <ul className="grid gap-2" aria-label="Latest exports">
            {exports.map((item) => (
              <ExportRow key={item.id} companyId={companyId} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ExportRow({ companyId, item }: { companyId: string; item: DataExport }) {
  const [downloading, setDownloading] = useState(false);
  const created = exactDateTime(item.createdAt);

  async function download(url: string) {
    setDownloading(true);
    try {
      saveFile(await fetchExportArchive(companyId, url), item.fileName ?? "foreman-export.zip");
    } catch (error) {
      toast({ title: "The export could not be downloaded", description: describeError(error), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border px-4 py-3"
      data-testid="data-export"
    >
      <div className="grid min-w-0 gap-1">
        <p className="font-medium text-sm">
          Export of {created}
          {item.requestedBy ? (
            <span className="font-normal text-muted-foreground"> · by {item.requestedBy}</span>
          ) : null}
        </p>
        <ExportStatus item={item} />
      </div>
      {item.downloadUrl ? (
        <Button size="sm" onClick={() => void download(item.downloadUrl!)} disabled={downloading}>
          {downloading ? <Spinner /> : <Download aria-hidden />}
          Download
          <span className="sr-only"> the export of {created}</span>
        </Button>
      ) : null}
    </li>
  );
}

function ExportStatus({ item }: { item: DataExport }) {
  if (item.state === "queued" || item.state === "running") {
    const progress = Math.min(100, Math.max(0, item.progress));
    return (
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label="Export progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%${item.step ? `, writing ${item.step}` : ""}`}
          className="h-1.5 w-32 overflow-hidden rounded-full bg-muted sm:w-48"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <span className="text-muted-foreground text-xs tabular-nums">
          {item.state === "queued" ? "Waiting to start" : `${progress}%${item.step ? ` · ${item.step}` : ""}`}
        </span>
      </div>
    );
  }
  if (item.state === "failed")
    return (
      <p className="text-destructive text-xs">
        <Badge variant="destructive" className="mr-2">
          Failed
        </Badge>
        {item.error ?? "The export could not be written."}
      </p>
    );
  const size = item.byteSize !== null ? ` · ${fileSize(item.byteSize)}` : "";
  if (exportDownloadable(item))
    return (
      <p className="text-muted-foreground text-xs">
        <Badge variant="success" className="mr-2">
          Ready
        </Badge>
        Link expires {linkTimeLeft(item.expiresAt!)}
        {size}
      </p>
    );
  return (
    <p className="text-muted-foreground text-xs">
      <Badge variant="muted" className="mr-2">
        Expired
      </Badge>
      The link has expired; start a new export to download the data again.
    </p>
  );
}
