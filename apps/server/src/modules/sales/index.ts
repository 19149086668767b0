// The sales module's public face: other modules and app.ts import only what is listed here.
export { findCompanyCurrency } from "./company-currency.repository.ts";
export { salesRoutes } from "./sales.routes.ts";
