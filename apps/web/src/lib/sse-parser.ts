// A parser for the text/event-stream format (HTML Living Standard, "server-sent events"), for reading a
// stream with fetch instead of EventSource (which cannot send the bearer and company headers). Chunks
// may split anywhere — inside a line, between "\r" and "\n" — so it keeps the unfinished line.

export type SseFrame = {
  /** The `event:` field; "message" when the frame names none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream (the product's "last event ID" carries over between frames). */
  id: string;
};

export type SseParser = {
  /** Feeds decoded text; calls `onFrame` for every frame the text completes. */
  push(chunk: string): void;
  /** Called when anything arrives, comments included (heartbeats keep a watchdog quiet). */
  readonly lastActivity: () => number;
  /** Forgets a partial frame (the stream ended or is being replaced). */
  reset(): void;
};

/** `retry:` asks the client to wait this many milliseconds before reconnecting. */
export type SseRetryHandler = (milliseconds: number) => void;

export function createSseParser(
  onFrame: (frame: SseFrame) => void,
  options: { onRetry?: SseRetryHandler; now?: () => number } = {},
): SseParser {
  const now = options.now ?? Date.now;
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let hasData = false;
  let lastId = "";
  let activity = now();
  // A chunk ending in "\r" may be the first half of "\r\n": the next chunk's leading "\n" is not a new line.
  let skipLeadingNewline = false;

  function dispatch() {
    if (hasData) onFrame({ event: event || "message", data: data.join("\n"), id: lastId });
    event = "";
    data = [];
    hasData = false;
  }

  function line(text: string) {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return; // a comment: heartbeats
    const colon = text.indexOf(":");
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (name) {
      case "event":
        event = value;
        break;
      case "data":
        data.push(value);
        hasData = true;
        break;
      case "id":
        if (!value.includes("\0")) lastId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) options.onRetry?.(Number(value));
        break;
      // Other field names are ignored, as the standard says.
    }
  }

  return {
    push(chunk: string) {
      if (chunk === "") return;
      activity = now();
      let text = chunk;
      if (skipLeadingNewline && text.startsWith("\n")) text = text.slice(1);
      skipLeadingNewline = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== "\n" && char !== "\r") continue;
        line(buffer.slice(start, index));
        if (char === "\r") {
          if (index + 1 === buffer.length) skipLeadingNewline = true;
          else if (buffer[index + 1] === "\n") index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    lastActivity: () => activity,
    reset() {
      buffer = "";
      event = "";
      data = [];
      hasData = false;
      skipLeadingNewline = false;
    },
  };
}
