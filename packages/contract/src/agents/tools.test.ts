import { describe, expect, it } from "vitest";
import { AI_LEAD_STAGES, toolArgumentSchemas } from "./tools.ts";

describe("update_lead_stage's arguments", () => {
  it("take the stages an AI employee may set, never won or new", () => {
    for (const stage of AI_LEAD_STAGES)
      expect(toolArgumentSchemas.update_lead_stage.safeParse({ stage }).success).toBe(true);
    for (const stage of ["won", "new", "closed"]) {
      const parsed = toolArgumentSchemas.update_lead_stage.safeParse({ stage });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(
        "stage must be one of qualified, quoted, following_up, lost: a lead is won when its order is confirmed",
      );
    }
  });
});
