import { readFile } from "node:fs/promises";
import type { Config } from "#server/config.ts";
import { ConfigError } from "#server/config.ts";

/** The certificate chain and key Fastify serves HTTPS with (TLS_CERT_FILE, TLS_KEY_FILE). */
export type TlsFiles = { cert: Buffer; key: Buffer };

/** Reads the configured PEM files; a file that cannot be read stops the start with its setting named. */
export async function readTlsFiles(tls: NonNullable<Config["tls"]>): Promise<TlsFiles> {
  const read = (setting: string, file: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(
        `Invalid configuration: ${setting} (${file}) cannot be read: ${error.code ?? error.message}`,
      );
    });
  const [cert, key] = await Promise.all([read("TLS_CERT_FILE", tls.certFile), read("TLS_KEY_FILE", tls.keyFile)]);
  return { cert, key };
}
