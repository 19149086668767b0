// The events module's public face: other modules and app.ts import only what is listed here.
export { createEventBus } from "./create-event-bus.ts";
export type { EventBus } from "./event-bus.ts";
export { type EventStream, eventStreams } from "./event-stream.ts";
export { eventsPlugin } from "./events.plugin.ts";
export { eventsRoutes } from "./events.routes.ts";
export { OpenStreamCounter } from "./stream-access.ts";
