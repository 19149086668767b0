import pino from "pino";

let stdout: pino.DestinationStream | undefined;

/**
 * Where the server's log lines go: stdout, written asynchronously. pino's default writes each line
 * with its own blocking system call; asynchronously, lines that arrive while a write is in flight go
 * out together in the next one (under load, dozens per call), and a quiet server still writes each
 * line at once. pino flushes what is pending when the process exits; only a kill -9 can lose the last
 * lines. One per process: every app built in it (tests build many) shares it.
 */
export function stdoutLogDestination(): pino.DestinationStream {
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
}
