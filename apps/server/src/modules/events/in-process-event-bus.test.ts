import type { LiveEvent } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { InProcessEventBus } from "./in-process-event-bus.ts";

const event = (taskId: string): LiveEvent => ({ type: "task.updated", taskId, state: "done" });

describe("InProcessEventBus", () => {
  it("delivers a company's events to that company's subscribers only", async () => {
    const bus = new InProcessEventBus();
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    bus.subscribe("a", (e) => a.push(e));
    bus.subscribe("b", (e) => b.push(e));
    await bus.publish("a", event("1"));
    expect(a).toEqual([event("1")]);
    expect(b).toEqual([]);
  });

  it("stops delivering once unsubscribed, and counts subscribers", async () => {
    const bus = new InProcessEventBus();
    const seen: LiveEvent[] = [];
    const unsubscribe = bus.subscribe("a", (e) => seen.push(e));
    expect(bus.subscriberCount("a")).toBe(1);
    unsubscribe();
    expect(bus.subscriberCount("a")).toBe(0);
    await bus.publish("a", event("1"));
    expect(seen).toEqual([]);
  });

  it("keeps delivering to the others when one listener throws", async () => {
    const bus = new InProcessEventBus();
    const seen: LiveEvent[] = [];
    bus.subscribe("a", () => {
      throw new Error("broken socket");
    });
    bus.subscribe("a", (e) => seen.push(e));
    await bus.publish("a", event("1"));
    expect(seen).toEqual([event("1")]);
  });
});
