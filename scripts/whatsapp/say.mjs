// Plays a WhatsApp customer in the offline demo: asks the running fake (fake-graph-api.mjs in CLI mode)
// to deliver a signed inbound message to Foreman's webhook, and says how Foreman answered.
//
//   node scripts/whatsapp/say.mjs "Hello" [--from 5491155550000] [--name "Ana"] [--fake http://127.0.0.1:4010]
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: "string", default: "5491155550000" },
    name: { type: "string", default: "Ana" },
    fake: { type: "string", default: "http://127.0.0.1:4010" },
  },
});

const text = positionals.join(" ");
if (!text) {
  console.error('Usage: node scripts/whatsapp/say.mjs "Hello" [--from 5491155550000] [--name "Ana"] [--fake URL]');
  process.exit(2);
}

let response;
try {
  response = await fetch(new URL("/fake/customer-message", values.fake), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, from: values.from, name: values.name }),
  });
} catch {
  console.error(`No fake Graph API answers at ${values.fake}. Start it with: node scripts/whatsapp/fake-graph-api.mjs`);
  process.exit(1);
}

const result = await response.json().catch(() => ({}));
if (!response.ok) {
  console.error(`The fake could not deliver the message: ${result.error ?? `HTTP ${response.status}`}`);
  process.exit(1);
}

const accepted = result.status >= 200 && result.status < 300;
console.log(`${values.name} (+${values.from}) said "${text}" (${result.message?.id})`);
console.log(`Delivered to ${result.webhook}: Foreman answered ${result.status}${accepted ? "" : " (refused)"}`);
if (!accepted) console.log(JSON.stringify(result.answer));
process.exitCode = accepted ? 0 : 1;
