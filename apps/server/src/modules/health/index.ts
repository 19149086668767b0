// The health module's public face: other modules and app.ts import only what is listed here.
export { healthRoutes } from "./health.routes.ts";
