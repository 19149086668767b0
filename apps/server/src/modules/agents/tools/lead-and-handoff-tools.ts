import { DEPARTMENT_KINDS, matchDepartmentKind } from "@foreman/contract";
import { and, asc, eq, ne } from "drizzle-orm";
import { aiDepartments, aiEmployees, leads } from "#server/db/schema/index.ts";
import { handToStaff, reassignConversation } from "../../conversations/index.ts";
import { notify } from "../../notifications/index.ts";
import { whenStaffAnswer } from "./staff-hours.ts";
import { type AgentTool, needsHuman, ok, refuse } from "./tool.ts";

/** Moves the lead to a stage the AI may set (contract `AI_LEAD_STAGES`: never won, which a confirmed order sets). */
export const updateLeadStage: AgentTool<"update_lead_stage"> = {
  name: "update_lead_stage",
  async run({ stage }, env) {
    const { db, context } = env;
    if (!context.lead) return refuse("This conversation has no lead.");
    if (needsHuman(env, "update_lead_stage")) return refuse("Changing a lead's stage needs staff: use ask_human.");
    if (context.lead.stage === "won") return refuse("This lead is won (its order is confirmed): its stage stays.");
    const now = new Date();
    await db
      .update(leads)
      .set({ stage, ...(stage === "qualified" ? { qualifiedAt: now } : {}) })
      .where(and(eq(leads.companyId, context.companyId), eq(leads.id, context.lead.id)));
    context.lead.stage = stage;
    return ok({ lead_stage: stage });
  },
};

/**
 * Passes the conversation on: to staff (the AI stops answering it until staff hand it back), or to an
 * active AI employee of another department (the one listed first), who answers from the next message.
 */
export const handOff: AgentTool<"hand_off"> = {
  name: "hand_off",
  async run({ to, reason }, env) {
    const { db, context, effects } = env;
    if (to === "staff") {
      await db.transaction(async (tx) => {
        await handToStaff(tx, context.companyId, context.conversation.id);
        // The owners and admins hear of it by mail, batched (modules/notifications), once a run; not of
        // playground tries.
        if (env.followerMail && !context.conversation.isTest && !effects.handoff) {
          const customer = context.customer ? ` with ${context.customer.fullName}` : "";
          await notify(tx, env.followerMail, {
            companyId: context.companyId,
            to: "managers",
            kind: "handoff",
            subjectId: context.conversation.id,
            summary: `Conversation #${context.conversation.displayId}${customer}: ${reason}`,
            link: `/conversations/${context.conversation.id}`,
          });
        }
      });
      effects.handoff = { to: "staff", reason };
      return ok({ handed_to: "staff", ...whenStaffAnswer(context.company) });
    }
    if (needsHuman(env, "hand_off")) return refuse("Handing off needs staff: hand off to staff instead.");
    const departments = await db
      .select({ id: aiDepartments.id, name: aiDepartments.name })
      .from(aiDepartments)
      .where(eq(aiDepartments.companyId, context.companyId));
    const department = departments.find((row) => matchDepartmentKind(row.name) === to);
    const [employee] = department
      ? await db
          .select({ id: aiEmployees.id, name: aiEmployees.name })
          .from(aiEmployees)
          .where(
            and(
              eq(aiEmployees.companyId, context.companyId),
              eq(aiEmployees.departmentId, department.id),
              eq(aiEmployees.status, "active"),
              context.employee ? ne(aiEmployees.id, context.employee.id) : undefined,
            ),
          )
          .orderBy(asc(aiEmployees.createdAt), asc(aiEmployees.id))
          .limit(1)
      : [];
    if (!employee)
      return refuse(
        `No active AI employee works in ${to}. Hand off to staff instead (departments: ${DEPARTMENT_KINDS.join(", ")}).`,
      );
    await reassignConversation(db, context.companyId, context.conversation.id, employee.id);
    effects.handoff = { to: `${employee.name} (${to})`, reason };
    return ok({ handed_to: employee.name, department: to });
  },
};
