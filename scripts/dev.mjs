// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying the API).
import { spawn } from "node:child_process";
import { root } from "./lib.mjs";

const children = [
  spawn("npm", ["run", "dev", "-w", "@foreman/server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@foreman/web"], { cwd: root, stdio: "inherit" }),
];
console.log("Open http://localhost:5173 (Vite) — the API runs on http://localhost:3000.");
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
