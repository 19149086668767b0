// HTTPS for a benchmark's own server, as a deployment serves the app (TLS_CERT_FILE, TLS_KEY_FILE): a
// certificate for localhost made for the run, what Chromium needs to trust it, and a fetch that trusts it.
import { createHash, createPublicKey } from "node:crypto";
import { writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import selfsigned from "selfsigned";

/** A certificate for localhost, signed by itself, written to `dir` as cert.pem and key.pem (PEM). */
export async function localhostCertificate(dir) {
  const pems = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { certFile, keyFile, cert: pems.cert };
}

/** A certificate for localhost in `dir`, and the means to trust it. */
export async function localTls(dir) {
  const { certFile, keyFile, cert } = await localhostCertificate(dir);
  // Chromium accepts a certificate whose public key is on this list as if a known authority had signed it.
  const spki = createHash("sha256")
    .update(createPublicKey(cert).export({ type: "spki", format: "der" }))
    .digest("base64");
  return {
    dir,
    env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
    chromiumArgs: [`--ignore-certificate-errors-spki-list=${spki}`],
    fetch: trustingFetch(cert),
  };
}

/** The little of fetch the benches use (method, headers, body; ok, status, json, text), trusting `ca`. */
function trustingFetch(ca) {
  return (url, { method = "GET", headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const request = https.request(url, { method, headers, ca }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = response.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      });
      request.on("error", reject);
      request.end(body);
    });
}
