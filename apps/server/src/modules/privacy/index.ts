// The privacy module's public face: other modules and app.ts import only what is listed here.
export { privacyPlugin } from "./privacy.plugin.ts";
export { privacyRoutes } from "./privacy.routes.ts";
