import type { JobHandler } from "../jobs/index.ts";
import type { EmailDeps } from "./email-deps.ts";

// PLACEHOLDER (being written in this session): the `email_receive` job.
export function receiveMailHandler(_deps: EmailDeps): JobHandler {
  return async () => ({ status: "failed", error: "not built yet" });
}
