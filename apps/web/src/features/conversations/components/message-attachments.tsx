import { isInlineImage, type MessageAttachment } from "@foreman/contract";
import { Download, ExternalLink, FileText, X } from "lucide-react";
import { useRef, useState } from "react";
import { cn } from "#web/lib/utils.ts";
import { formatFileSize } from "../file-size.ts";

// A message's files: images as thumbnails that open full size, everything else as download chips.
// Thumbnails have a fixed box so the thread does not jump while they load.

export function MessageAttachments({ attachments, outgoing }: { attachments: MessageAttachment[]; outgoing: boolean }) {
  const images = attachments.filter((file) => isInlineImage(file.contentType));
  const files = attachments.filter((file) => !isInlineImage(file.contentType));
  return (
    <div className={cn("flex flex-col gap-1.5", outgoing ? "items-end" : "items-start")}>
      {images.length > 0 ? (
        <ul className={cn("flex flex-wrap gap-1.5", outgoing && "justify-end")} aria-label="Images">
          {images.map((file) => (
            <li key={file.id}>
              <ImageThumbnail file={file} />
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className={cn("flex flex-wrap gap-1.5", outgoing && "justify-end")} aria-label="Files">
          {files.map((file) => (
            <li key={file.id}>
              <FileChip file={file} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FileChip({ file }: { file: MessageAttachment }) {
  const size = formatFileSize(file.byteSize);
  return (
    <a
      href={file.url}
      download={file.fileName}
      className="flex max-w-64 items-center gap-2.5 rounded-lg border bg-card px-3 py-2 text-sm shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="attachment-file"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
        <FileText aria-hidden className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium" title={file.fileName}>
          {file.fileName}
        </span>
        {size ? <span className="block text-muted-foreground text-xs">{size}</span> : null}
      </span>
      <Download aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="sr-only">Download</span>
    </a>
  );
}

/** The thumbnail opens the image full size in a native modal dialog (focus kept inside, Esc closes). */
function ImageThumbnail({ file }: { file: MessageAttachment }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal?.();
        }}
        className="block overflow-hidden rounded-lg border bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="attachment-image"
      >
        <img
          src={file.url}
          alt={file.fileName}
          loading="lazy"
          decoding="async"
          className="h-36 w-48 object-cover transition-opacity hover:opacity-90"
        />
        <span className="sr-only">Open {file.fileName} full size</span>
      </button>
      <dialog
        ref={dialog}
        aria-label={file.fileName}
        onClose={() => setOpen(false)}
        className="m-auto max-h-[92dvh] max-w-[94vw] overflow-visible bg-transparent p-0 backdrop:bg-black/80"
      >
        {open ? (
          <figure className="flex flex-col items-center gap-3">
            <img
              src={file.url}
              alt={file.fileName}
              className="max-h-[80dvh] max-w-[94vw] rounded-lg object-contain shadow-2xl"
            />
            <figcaption className="flex max-w-[94vw] items-center gap-2 text-sm text-white">
              <span className="truncate">{file.fileName}</span>
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
              >
                <ExternalLink aria-hidden className="size-3.5" />
                Open original
              </a>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
              >
                <X aria-hidden className="size-3.5" />
                Close
              </button>
            </figcaption>
          </figure>
        ) : null}
      </dialog>
    </>
  );
}
