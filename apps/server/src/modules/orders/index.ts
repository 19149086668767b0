// The orders module's public face: other modules and app.ts import only what is listed here.
export { ordersRoutes } from "./orders.routes.ts";
export {
  confirmOpenQuote,
  discountOpenQuote,
  lockQuote,
  type QuoteMoney,
  reviseOpenQuote,
  sendOpenQuote,
} from "./quote-transitions.ts";
