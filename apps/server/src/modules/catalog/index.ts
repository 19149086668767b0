// The catalog module's public face: other modules and app.ts import only what is listed here.
export { catalogRoutes } from "./catalog.routes.ts";
