// Types for the e2e suite, which imports the measurement written as plain ESM for the benches.
import type { Page } from "@playwright/test";

export type PageJavaScript = { files: { name: string; raw: number; gzip: number }[]; raw: number; gzip: number };
export declare const JAVASCRIPT_BUDGETS_KB: { signIn: number; dashboard: number; widgetLoader: number };
export declare function kb(bytes: number): string;
export declare function measurePageJavaScript(page: Page, act: () => Promise<unknown>): Promise<PageJavaScript>;
export declare function chunkNamesOf(webDist?: string): Map<string, string>;
export declare function describePageJavaScript(
  title: string,
  result: PageJavaScript,
  names?: Map<string, string>,
): string;
