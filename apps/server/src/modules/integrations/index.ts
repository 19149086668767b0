// The integrations module's public face: other modules and app.ts import only what is listed here.
export { integrationsRoutes } from "./integrations.routes.ts";
