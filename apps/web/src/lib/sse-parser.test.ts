import { describe, expect, it } from "vitest";
import { createSseParser, type SseFrame } from "./sse-parser.ts";

function parse(chunks: string[]) {
  const frames: SseFrame[] = [];
  const retries: number[] = [];
  const parser = createSseParser((frame) => frames.push(frame), { onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { frames, retries, parser };
}

describe("createSseParser", () => {
  it("reads named events with their data and ignores heartbeat comments", () => {
    const { frames } = parse([
      ': heartbeat\n\nevent: message.created\ndata: {"type":"message.created"}\n\n: another\n\n',
    ]);
    expect(frames).toEqual([{ event: "message.created", data: '{"type":"message.created"}', id: "" }]);
  });

  it("defaults the event name to message and joins data lines with newlines", () => {
    const { frames } = parse(["data: first\ndata: second\ndata\n\n"]);
    expect(frames).toEqual([{ event: "message", data: "first\nsecond\n", id: "" }]);
  });

  it("keeps frames split across chunks anywhere, even inside a CRLF", () => {
    const text = 'event: task.updated\r\ndata: {"task_id":"t1"}\r\n\r\nevent: conversation.updated\rdata: x\r\r';
    for (let cut = 1; cut < text.length; cut++) {
      const { frames } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(frames, `cut at ${cut}`).toEqual([
        { event: "task.updated", data: '{"task_id":"t1"}', id: "" },
        { event: "conversation.updated", data: "x", id: "" },
      ]);
    }
  });

  it("reads one character at a time", () => {
    const { frames } = parse([..."event: a\ndata: 1\n\nevent: b\ndata: 2\n\n"]);
    expect(frames.map((frame) => [frame.event, frame.data])).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
  });

  it("strips one leading space of a value only, and keeps colons inside it", () => {
    const { frames } = parse(["data:  two spaces: kept\n\ndata:none\n\n"]);
    expect(frames.map((frame) => frame.data)).toEqual([" two spaces: kept", "none"]);
  });

  it("does not dispatch a frame without data, and a frame's event name does not leak into the next", () => {
    const { frames } = parse(["event: lonely\n\ndata: plain\n\n"]);
    expect(frames).toEqual([{ event: "message", data: "plain", id: "" }]);
  });

  it("waits for the blank line before dispatching", () => {
    const { frames, parser } = parse(["event: x\ndata: 1\n"]);
    expect(frames).toEqual([]);
    parser.push("\n");
    expect(frames).toHaveLength(1);
  });

  it("carries the last event id over, ignores ids with NUL, and reports retry in milliseconds", () => {
    const { frames, retries } = parse([
      "id: 7\ndata: a\n\ndata: b\n\nid: bad\0id\nretry: 5000\nretry: soon\ndata: c\n\n",
    ]);
    expect(frames.map((frame) => frame.id)).toEqual(["7", "7", "7"]);
    expect(retries).toEqual([5000]);
  });

  it("ignores unknown fields", () => {
    const { frames } = parse(["foo: bar\ndata: ok\n\n"]);
    expect(frames).toEqual([{ event: "message", data: "ok", id: "" }]);
  });

  it("notes activity on every chunk, comments included, and forgets a partial frame on reset", () => {
    let time = 1000;
    const frames: SseFrame[] = [];
    const parser = createSseParser((frame) => frames.push(frame), { now: () => time });
    time = 2000;
    parser.push(": heartbeat\n\n");
    expect(parser.lastActivity()).toBe(2000);
    parser.push("data: half");
    parser.reset();
    parser.push("\n\n");
    expect(frames).toEqual([]);
  });
});
