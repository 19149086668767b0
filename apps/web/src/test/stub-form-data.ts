import { onTestFinished, vi } from "vitest";

/**
 * jsdom's File cannot stream through Node's fetch, and the local server reads bodies as JSON: a stand-in
 * FormData sends each field as JSON (a file by its name), so an upload still crosses real HTTP. Call it
 * inside a test; the real FormData is back when that test ends.
 */
export function stubFormDataAsJson() {
  vi.stubGlobal(
    "FormData",
    class {
      private fields: Record<string, string> = {};
      append(name: string, value: Blob | string, filename?: string) {
        this.fields[name] = filename ?? String(value);
      }
      toString() {
        return JSON.stringify(this.fields);
      }
    },
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
