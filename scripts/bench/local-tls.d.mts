// Types for the server's HTTPS test, which makes its certificate with the bench's helper (plain ESM).
export declare function localhostCertificate(dir: string): Promise<{ certFile: string; keyFile: string; cert: string }>;
export declare function localTls(dir: string): Promise<{
  dir: string;
  env: { TLS_CERT_FILE: string; TLS_KEY_FILE: string };
  chromiumArgs: string[];
  fetch: (
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<{ ok: boolean; status: number; text(): Promise<string>; json(): Promise<unknown> }>;
}>;
