// The getting-started module's public face: app.ts imports only what is listed here.
export { gettingStartedRoutes } from "./getting-started.routes.ts";
