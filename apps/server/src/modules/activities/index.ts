// The activities module's public face: other modules and app.ts import only what is listed here.
export { type NewActivity, recordActivities, recordActivity, staffActor } from "./activities.repository.ts";
export { activitiesRoutes } from "./activities.routes.ts";
export { findStaffName } from "./staff-name.ts";
