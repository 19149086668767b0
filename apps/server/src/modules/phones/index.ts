// The phones module's public face: other modules and app.ts import only what is listed here.
export { phonesRoutes } from "./phones.routes.ts";
