import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { expectedSignature, type WebhookReceiver, webhookReceiver } from "#server/test/webhook-receiver.ts";

// The webhook secret: a copy of the database alone must not let anyone sign replies as us.
// The secret is shown to the owner once (when opened or rotated) and stored sealed under the server's
// key; secrets stored in plain text before are sealed when the server starts.

const signatureOf = expectedSignature;

describe("channel webhook secrets at rest", () => {
  let w: AgentWorld;
  let receiver: WebhookReceiver;
  let webhookUrl: string;
  let deliveries: WebhookReceiver["deliveries"];
  beforeAll(async () => {
    receiver = await webhookReceiver(() => 200, "/hooks");
    ({ url: webhookUrl, deliveries } = receiver);
    w = await agentWorld({
      env: { ENCRYPTION_KEY: randomBytes(32).toString("hex"), ALLOW_PRIVATE_WEBHOOKS: "true" },
    });
  });
  afterAll(async () => {
    await w.t.close();
    await receiver.close();
  });

  const storedSecret = async (id: string) =>
    (await w.rows<{ webhook_secret: string }>(sql`select webhook_secret from api_channels where id = ${id}`))[0]!
      .webhook_secret;
  const deliverOne = async (token: string) => {
    const before = deliveries.length;
    expect((await w.send(token, inbound("hello"))).statusCode).toBe(202);
    await w.settle();
    await expect.poll(() => deliveries.length).toBe(before + 1);
    return deliveries.at(-1)!;
  };

  it("shows the secret once and stores it sealed; replies are still signed with it", async () => {
    const opened = await w.t.app.inject({
      method: "POST",
      url: "/app/api_channels.json",
      headers: w.a.headers,
      payload: { name: "Sealed", ai_employee_id: w.a.employee.id, webhook_url: webhookUrl },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id, token, webhook_secret: secret } = opened.json();
    const stored = await storedSecret(id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    const first = await deliverOne(token);
    expect(first.headers["x-foreman-signature"]).toBe(signatureOf(secret, first));

    const rotated = await w.t.app.inject({
      method: "POST",
      url: `/app/api_channels/${id}/rotate.json`,
      headers: w.a.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().webhook_secret;
    expect(await storedSecret(id)).toMatch(/^v1\./);
    expect(await storedSecret(id)).not.toContain(newSecret);
    const delivery = await deliverOne(rotated.json().token);
    expect(delivery.headers["x-foreman-signature"]).toBe(signatureOf(newSecret, delivery));
  });

  it("seals a secret stored in plain text when a server starts, and keeps signing with it", async () => {
    await w.t.db.execute(sql`update api_channels set webhook_url = ${webhookUrl} where id = ${w.a.channel.id}`);
    expect(await storedSecret(w.a.channel.id)).toBe("Acme-webhook-secret");
    const restarted = await buildApp({ config: w.t.config, database: w.t.database });
    await restarted.ready();
    await restarted.close();
    const stored = await storedSecret(w.a.channel.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain("Acme-webhook-secret");
    const delivery = await deliverOne(w.a.channel.token);
    expect(delivery.headers["x-foreman-signature"]).toBe(signatureOf("Acme-webhook-secret", delivery));
  });
});
