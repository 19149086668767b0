import { useMemo } from "react";
import { estimateFrameHeight } from "../email-frame-height.ts";

// Its own chunk (email-message-parts.tsx loads it when "View formatted" is first pressed): a mail's HTML
// in a frame that can do nothing. The server already sanitized it; this is the second wall, for
// whatever slipped through: `sandbox=""` (no scripts, no forms, no popups, no navigation of the page,
// an opaque origin with no access to ours), a CSP in the document that loads nothing from the network
// (inline and cid: images only), and no referrer.

/** The frame's CSP: nothing from the network, styles in the mail only. */
export const FRAME_CSP = "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'";

// Mail is written for a white page: the frame stays light in the dark theme, as mail clients do.
const FRAME_STYLE = [
  "html{color-scheme:light}",
  "body{margin:12px 14px;font:14px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2328;background:#fff;overflow-wrap:anywhere}",
  "img{max-width:100%;height:auto}",
  "table{max-width:100%}",
  "pre{white-space:pre-wrap}",
].join("");

/** The frame's whole document: the policy first, before anything of the mail. */
export function frameDocument(html: string): string {
  return [
    "<!doctype html><html><head>",
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`,
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">',
    // Links would open a new window, which the sandbox refuses: a click goes nowhere.
    '<base target="_blank">',
    `<style>${FRAME_STYLE}</style>`,
    "</head><body>",
    html,
    "</body></html>",
  ].join("");
}

export function EmailHtmlFrame({ html, title }: { html: string; title: string }) {
  const srcDoc = useMemo(() => frameDocument(html), [html]);
  const height = useMemo(() => estimateFrameHeight(html), [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={srcDoc}
      referrerPolicy="no-referrer"
      className="block w-full rounded-lg border bg-white"
      style={{ height }}
      data-testid="email-html-frame"
    />
  );
}
