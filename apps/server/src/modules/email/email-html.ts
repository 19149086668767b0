import sanitizeHtml from "sanitize-html";

// A customer's HTML mail, made safe to show staff (the web renders it in a sandboxed frame as well):
// no script, no active content, no forms, nothing that loads from elsewhere. Remote images are dropped
// rather than proxied: they are how senders track that a mail was opened.

export type SanitizedHtml = { html: string; remoteImagesDropped: number };

/** Images shown only when they travel with the mail: an attachment (`cid:`) or inline data. */
const INLINE_IMAGE = /^(cid:|data:image\/[a-z0-9.+-]+[;,])/i;
/** Links only to the web and to mail addresses. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
/** CSS functions that only compute a value; any other (url, image-set, expression…) may load or run something. */
const SAFE_CSS_FUNCTIONS = new Set(["rgb", "rgba", "hsl", "hsla", "calc"]);
const LINK_REL = "noopener noreferrer nofollow";

/**
 * Whether an inline style may stay: no backslash (CSS escapes could spell `url(` unseen) and no
 * function but colour and arithmetic ones.
 */
function isSafeStyle(style: string): boolean {
  if (style.includes("\\")) return false;
  for (const match of style.matchAll(/([a-z0-9_-]*)\s*\(/gi)) {
    if (!SAFE_CSS_FUNCTIONS.has(match[1]!.toLowerCase())) return false;
  }
  return true;
}

/** Sanitizes one mail's HTML (the caller bounds its length first: the work is linear in it). */
export function sanitizeEmailHtml(html: string): SanitizedHtml {
  let remoteImagesDropped = 0;
  const transform = (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const kept = { ...attribs };
    if (kept.style !== undefined && !isSafeStyle(kept.style)) delete kept.style;
    if (tagName === "a") {
      if (kept.href !== undefined && !SAFE_LINK.test(kept.href.trim())) delete kept.href;
      kept.rel = LINK_REL;
      kept.target = "_blank";
    }
    if (tagName === "img" && !INLINE_IMAGE.test((kept.src ?? "").trim())) {
      // Inline data of another type is not an image at all; anything else would load from elsewhere.
      if (kept.src?.trim() && !/^data:/i.test(kept.src.trim())) remoteImagesDropped += 1;
      delete kept.src;
    }
    return { tagName, attribs: kept };
  };
  const clean = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center", "del", "ins"],
    // Text inside these is not content (a <title> would otherwise show as the mail's first line).
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head"],
    disallowedTagsMode: "discard",
    allowedAttributes: {
      "*": ["style", "dir", "lang", "title", "align"],
      a: ["href", "rel", "target"],
      img: ["src", "alt", "width", "height", "border"],
      table: ["width", "border", "cellpadding", "cellspacing", "bgcolor"],
      tr: ["valign", "bgcolor"],
      td: ["width", "height", "colspan", "rowspan", "valign", "bgcolor"],
      th: ["width", "height", "colspan", "rowspan", "valign", "bgcolor"],
      col: ["span", "width"],
      colgroup: ["span", "width"],
      font: ["color", "face", "size"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["cid", "data"] },
    allowProtocolRelative: false,
    transformTags: { "*": transform },
    // An image left without a source shows nothing: drop the tag.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
  return { html: clean, remoteImagesDropped };
}
