// Types for the e2e config, which imports the Chromium helpers written as plain ESM.
export declare const CHROMIUM_ARGS: string[];
export declare function findChromium(): string | null;
export declare function ensureChromium(): string;
