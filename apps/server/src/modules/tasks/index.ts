// The tasks module's public face: other modules and app.ts import only what is listed here.
export { assistRoutes } from "./assist.routes.ts";
export { type CallBackItem, raiseCallBackItem } from "./call-back-item.ts";
export { tasksRoutes } from "./tasks.routes.ts";
