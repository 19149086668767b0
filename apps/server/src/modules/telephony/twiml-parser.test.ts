import { describe, expect, it } from "vitest";
import { parseTwiml, TwimlError } from "./twiml-parser.ts";

describe("parseTwiml", () => {
  it("reads the verbs in order, with attributes, nested verbs and decoded text", () => {
    const verbs = parseTwiml(`<?xml version="1.0" encoding="UTF-8"?>
      <Response>
        <Say voice="Polly.Joanna">Hi &amp; welcome,
          how can I help?</Say>
        <Gather input="speech" action="/turn?call=1&amp;n=1" method="POST">
          <Say>Go ahead.</Say>
        </Gather>
        <Dial action="/dial"><Number>+15550100100</Number></Dial>
        <Start><Recording recordingStatusCallback="/rec"/></Start>
        <Hangup/>
      </Response>`);
    expect(verbs.map((verb) => verb.name)).toEqual(["Say", "Gather", "Dial", "Start", "Hangup"]);
    expect(verbs[0]).toMatchObject({ text: "Hi & welcome, how can I help?", attributes: { voice: "Polly.Joanna" } });
    expect(verbs[1]!.attributes.action).toBe("/turn?call=1&n=1");
    expect(verbs[1]!.children).toMatchObject([{ name: "Say", text: "Go ahead." }]);
    expect(verbs[2]!.children[0]).toMatchObject({ name: "Number", text: "+15550100100" });
    expect(verbs[3]!.children[0]).toMatchObject({ name: "Recording", attributes: { recordingStatusCallback: "/rec" } });
  });

  it("refuses what is not one <Response> document", () => {
    for (const document of [
      "",
      "Hello",
      "<Say>Hi</Say>",
      "<Response><Say>Hi</Response>",
      "<Response><Say>Hi</Say>",
      "<Response/><Response/>",
      `<Response>${"<Say>x</Say>".repeat(7000)}</Response>`,
    ]) {
      expect(() => parseTwiml(document), document.slice(0, 40)).toThrow(TwimlError);
    }
    expect(parseTwiml("<Response/>")).toEqual([]);
  });
});
