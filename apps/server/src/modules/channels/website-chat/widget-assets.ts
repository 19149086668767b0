import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "#server/paths.ts";

// The widget's browser files (apps/widget: plain modern JavaScript, no build step), read once and kept
// in memory with a content hash, so the frame's page can name them by version and browsers may keep
// them for a year.

export const WIDGET_DIR = path.join(REPO_ROOT, "apps/widget");

/** The files the frame and the demo page load from /widget/assets/. */
const ASSET_FILES = ["frame.js", "frame.css", "words.js", "demo.css"] as const;
export type WidgetAssetName = (typeof ASSET_FILES)[number];

export type WidgetAsset = { body: string; contentType: string; version: string };

export type WidgetFiles = {
  loader: string;
  assets: Record<WidgetAssetName, WidgetAsset>;
};

const CONTENT_TYPES = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };
const versionOf = (body: string) => createHash("sha256").update(body).digest("hex").slice(0, 12);

export function isWidgetAssetName(name: string): name is WidgetAssetName {
  return (ASSET_FILES as readonly string[]).includes(name);
}

/** Reads the widget's files from the folder; the frame's import of words.js carries words.js's version. */
export function readWidgetFiles(dir = WIDGET_DIR): WidgetFiles {
  const read = (name: string) => readFileSync(path.join(dir, name), "utf8");
  const asset = (name: WidgetAssetName, body = read(name)): WidgetAsset => ({
    body,
    contentType: name.endsWith(".css") ? CONTENT_TYPES.css : CONTENT_TYPES.js,
    version: versionOf(body),
  });
  const words = asset("words.js");
  const frameSource = read("frame.js").replace('from "./words.js"', `from "./words.js?v=${words.version}"`);
  return {
    loader: read("loader.js"),
    assets: {
      "frame.js": asset("frame.js", frameSource),
      "frame.css": asset("frame.css"),
      "words.js": words,
      "demo.css": asset("demo.css"),
    },
  };
}

/** An asset's address with its version, for the pages that load it. */
export const assetUrl = (files: WidgetFiles, name: WidgetAssetName) =>
  `/widget/assets/${name}?v=${files.assets[name].version}`;
