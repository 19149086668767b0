// The knowledge module's public face: other modules and app.ts import only what is listed here.

export { knowledgePlugin } from "./knowledge.plugin.ts";
export { foreignIds } from "./knowledge.repository.ts";
export { knowledgeRoutes } from "./knowledge.routes.ts";
export { databaseKnowledge, type KnowledgeSource } from "./knowledge-source.ts";
