// The help module's public face: app.ts imports only what is listed here.
export { helpPlugin } from "./help.plugin.ts";
export { helpRoutes } from "./help.routes.ts";
