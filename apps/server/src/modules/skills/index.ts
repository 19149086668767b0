// The skills module's public face: other modules and app.ts import only what is listed here.
export { listSkillToolsOf } from "./skills.repository.ts";
export { skillsRoutes } from "./skills.routes.ts";
export { grantSkills, insertSkillSet, STANDARD_SKILLS } from "./standard-skills.ts";
