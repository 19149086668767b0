// The floor for `npm run bench -- startup`: what any server on this stack must do before it can
// answer /readyz (load Fastify and PGlite, open the data directory, listen), and nothing more.
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";

const db = await PGlite.create(process.env.DATA_DIR);
const app = Fastify();
app.get("/readyz", async () => {
  await db.query("select 1");
  return { status: "ok" };
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
