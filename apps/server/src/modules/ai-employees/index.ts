// The ai-employees module's public face: other modules and app.ts import only what is listed here.
export { findAiEmployee } from "./ai-employees.repository.ts";
export { aiEmployeesRoutes } from "./ai-employees.routes.ts";
