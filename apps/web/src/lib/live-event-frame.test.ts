import { describe, expect, it } from "vitest";
import { liveEventFromFrame } from "./live-event-frame.ts";

const frame = (data: unknown, event = "message") => ({
  event,
  data: typeof data === "string" ? data : JSON.stringify(data),
  id: "",
});

const wireMessage = {
  id: "m1",
  conversation_id: "c1",
  sender_type: "staff",
  sender_name: "Dana Ruiz",
  avatar_url: null,
  content: "On it",
  attachments: [
    { id: "a1", url: "/files/a1/key/photo.png", file_name: "photo.png", content_type: "image/png", byte_size: 12 },
  ],
  created_at: "2026-11-21T10:30:00.000Z",
};

describe("liveEventFromFrame", () => {
  it("reads a snake_case message.created into camelCase", () => {
    expect(liveEventFromFrame(frame({ type: "message.created", conversation_id: "c1", message: wireMessage }))).toEqual(
      {
        type: "message.created",
        conversationId: "c1",
        message: {
          id: "m1",
          conversationId: "c1",
          senderType: "staff",
          senderName: "Dana Ruiz",
          avatarUrl: null,
          content: "On it",
          attachments: [
            { id: "a1", url: "/files/a1/key/photo.png", fileName: "photo.png", contentType: "image/png", byteSize: 12 },
          ],
          createdAt: "2026-11-21T10:30:00.000Z",
        },
      },
    );
  });

  it("turns a message.created without a usable message into conversation.updated (refetch)", () => {
    expect(liveEventFromFrame(frame({ type: "message.created", conversation_id: "c1", message_id: "m1" }))).toEqual({
      type: "conversation.updated",
      conversationId: "c1",
    });
  });

  it("reads company.updated, which carries nothing but its type", () => {
    expect(liveEventFromFrame(frame({ type: "company.updated" }))).toEqual({
      type: "company.updated",
    });
  });

  it("reads task events and uses the SSE event name when the payload has no type", () => {
    expect(liveEventFromFrame(frame({ task_id: "t1", state: "done" }, "task.updated"))).toEqual({
      type: "task.updated",
      taskId: "t1",
      state: "done",
    });
    expect(liveEventFromFrame(frame({ type: "task.created", task_id: "t2", state: "to_do" }))).toEqual({
      type: "task.created",
      taskId: "t2",
      state: "to_do",
    });
  });

  it("skips bad JSON, unknown types and events missing their ids", () => {
    expect(liveEventFromFrame(frame("{not json"))).toBeNull();
    expect(liveEventFromFrame(frame([1, 2]))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "invoice.paid", id: "x" }))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "conversation.updated" }))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "task.updated", task_id: "t1", state: "archived" }))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "message.created", message: wireMessage }))).toBeNull();
  });

  it("reads a knowledge base entry's progress, and skips one with an unknown status", () => {
    expect(
      liveEventFromFrame(frame({ type: "knowledge.updated", entry_id: "k1", status: "extracting", progress: 40 })),
    ).toEqual({ type: "knowledge.updated", entryId: "k1", status: "extracting", progress: 40 });
    expect(liveEventFromFrame(frame({ type: "knowledge.updated", entry_id: "k1", status: "done", progress: 4 }))).toBe(
      null,
    );
  });

  it("reads a message.updated like a message.created (a WhatsApp delivery status changed)", () => {
    const event = liveEventFromFrame(frame({ type: "message.updated", conversation_id: "c1", message: wireMessage }));
    expect(event).toMatchObject({
      type: "message.updated",
      conversationId: "c1",
      message: { id: "m1", content: "On it" },
    });
    expect(liveEventFromFrame(frame({ type: "message.updated", conversation_id: "c1" }))).toEqual({
      type: "conversation.updated",
      conversationId: "c1",
    });
  });

  it("keeps a message's WhatsApp delivery, template and agent run, and drops malformed ones", () => {
    const event = liveEventFromFrame(
      frame({
        type: "message.updated",
        conversation_id: "c1",
        message: {
          ...wireMessage,
          agent_run_id: "run-1",
          template_name: "order_update",
          delivery: { status: "failed", error_code: 131047, error: "Outside the 24-hour window" },
        },
      }),
    );
    expect(event).toMatchObject({
      message: {
        agentRunId: "run-1",
        templateName: "order_update",
        delivery: { status: "failed", errorCode: 131047, error: "Outside the 24-hour window" },
      },
    });
    const odd = liveEventFromFrame(
      frame({
        type: "message.updated",
        conversation_id: "c1",
        message: { ...wireMessage, delivery: { status: "lost" } },
      }),
    );
    expect(odd && "message" in odd ? odd.message.delivery : "none").toBeUndefined();
  });

  it("reads whatsapp.updated with its state and template, either of which may be null", () => {
    expect(liveEventFromFrame(frame({ type: "whatsapp.updated", state: "setting_up", template_id: null }))).toEqual({
      type: "whatsapp.updated",
      state: "setting_up",
      templateId: null,
    });
    expect(liveEventFromFrame(frame({ state: null, template_id: "t1" }, "whatsapp.updated"))).toEqual({
      type: "whatsapp.updated",
      state: null,
      templateId: "t1",
    });
    expect(liveEventFromFrame(frame({ type: "whatsapp.updated" }))).toEqual({
      type: "whatsapp.updated",
      state: null,
      templateId: null,
    });
    expect(liveEventFromFrame(frame({ type: "whatsapp.updated", state: "exploded", template_id: null }))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "whatsapp.updated", state: null, template_id: 7 }))).toBeNull();
  });

  it("reads ticket.updated with the ticket and its status, and skips one without them", () => {
    expect(liveEventFromFrame(frame({ type: "ticket.updated", ticket_id: "t1", status: "closed" }))).toEqual({
      type: "ticket.updated",
      ticketId: "t1",
      status: "closed",
    });
    expect(liveEventFromFrame(frame({ ticket_id: "t1", status: "open" }, "ticket.updated"))).toEqual({
      type: "ticket.updated",
      ticketId: "t1",
      status: "open",
    });
    expect(liveEventFromFrame(frame({ type: "ticket.updated", ticket_id: "t1", status: "pending" }))).toBeNull();
    expect(liveEventFromFrame(frame({ type: "ticket.updated", status: "open" }))).toBeNull();
  });
});
