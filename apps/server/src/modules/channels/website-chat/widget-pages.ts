import { assetUrl, type WidgetFiles } from "./widget-assets.ts";

// The HTML the widget's routes answer: the chat's frame page, the demo shop page, and the page a
// browser shows when a key opens nothing. Everything interpolated is escaped; no inline script or style.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The chat's own page; frame.js builds everything once the visitor's session is open. */
export function framePage(files: WidgetFiles, language: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Chat</title>
<link rel="stylesheet" href="${assetUrl(files, "frame.css")}">
<script type="module" src="${assetUrl(files, "frame.js")}"></script>
</head>
<body></body>
</html>
`;
}

/** What a frame or demo page shows for a key that opens nothing (unknown, disabled). */
export function unavailablePage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This chat is not available</title></head>
<body><p>This chat is not available.</p></body>
</html>
`;
}

const PRODUCTS = [
  { name: "Trail Runner 2 backpack", price: "$89", tone: "moss" },
  { name: "Summit down jacket", price: "$249", tone: "sky" },
  { name: "Basecamp 4 tent", price: "$399", tone: "sand" },
  { name: "Ridge trekking poles", price: "$59", tone: "rust" },
];

/** A sample shop with the snippet pasted in, as a company's own site would have it. */
export function demoPage(files: WidgetFiles, input: { snippet: string; chatName: string; companyName: string }) {
  const products = PRODUCTS.map(
    (product) => `<li class="product">
  <div class="picture ${product.tone}" aria-hidden="true"></div>
  <h3>${escapeHtml(product.name)}</h3>
  <p class="price">${product.price}</p>
  <button type="button">Add to cart</button>
</li>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Outdoor · website chat demo</title>
<link rel="stylesheet" href="${assetUrl(files, "demo.css")}">
</head>
<body>
<div class="demo-banner" role="note">
  Demo of <strong>${escapeHtml(input.chatName)}</strong>, ${escapeHtml(input.companyName)}'s website chat, on a sample shop.
  Open the chat at the bottom right and write as a customer; the conversation appears in Foreman's inbox.
</div>
<header class="site-header"><a class="logo" href="#top">Acme Outdoor</a>
<nav aria-label="Shop"><a href="#top">Packs</a><a href="#top">Jackets</a><a href="#top">Tents</a></nav></header>
<main id="top">
<section class="hero"><h1>Gear for the long way round</h1><p>Free shipping over $100. Returns within 60 days.</p></section>
<section aria-labelledby="bestsellers"><h2 id="bestsellers">Bestsellers</h2>
<ul class="products">
${products}
</ul></section>
</main>
<footer class="site-footer">Acme Outdoor is a sample shop. Nothing here is for sale.</footer>
${input.snippet}
</body>
</html>
`;
}
