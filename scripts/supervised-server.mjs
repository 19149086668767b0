// The server as the supervisor's child (scripts/supervisor.mjs): `node supervised-server.mjs <bundle>`,
// which loads the bundle when the supervisor says go.
// It tells the supervisor once it listens, and it never outlives the supervisor: the IPC channel closes
// when that process dies, even by kill -9, and then this one goes the same way.
import { pathToFileURL } from "node:url";

process.on("disconnect", () => process.kill(process.pid, "SIGKILL"));
// Node boots while the supervisor checks the builds; the bundle loads on its word that they are fresh.
await new Promise((resolve) => process.once("message", (message) => message?.go && resolve()));
// The channel alone must not keep the process alive.
process.channel?.unref();
await import(pathToFileURL(process.argv[2]).href);
// server.mjs finishes loading once it listens (or has exited, when it could not start).
process.send?.({ ready: true });
