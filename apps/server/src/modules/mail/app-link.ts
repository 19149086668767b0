import type { Config } from "#server/config.ts";

/** A link into the app for a mail: from PUBLIC_URL (config.appUrl), never from the request's Host. */
export function appLink(config: Pick<Config, "appUrl">, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${config.appUrl}${path}${query ? `?${query}` : ""}`;
}
