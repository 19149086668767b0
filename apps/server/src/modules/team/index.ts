// The team module's public face: other modules and app.ts import only what is listed here.

export { invitationAcceptRoutes } from "./invitation-accept.routes.ts";
export { joinByInvitation } from "./invitation-accept.service.ts";
export { teamRoutes } from "./team.routes.ts";
