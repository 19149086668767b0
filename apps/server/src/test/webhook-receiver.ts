import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A channel's webhook endpoint on loopback for tests: it records every delivery and answers each with
// the status `answer` gives (204 by default). Only a server with ALLOW_PRIVATE_WEBHOOKS may call it.

export type Delivery = { headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  deliveries: Delivery[];
  close(): Promise<void>;
};

export async function webhookReceiver(
  answer: () => number = () => 204,
  path = "/hooks/foreman",
): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body });
      response.statusCode = answer();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The signature a receiver expects for a delivery: `sha256=` HMAC over `${timestamp}.${body}`. */
export function expectedSignature(secret: string, { headers, body }: Delivery): string {
  return `sha256=${createHmac("sha256", secret).update(`${headers["x-foreman-timestamp"]}.${body}`).digest("hex")}`;
}
