// The phones module's public face: other modules and app.ts import only what is listed here.
export { DEFAULT_CALL_SETTINGS, readCallSettings } from "./call-settings.service.ts";
export {
  type BillableNumber,
  findActiveNumberByE164,
  findPhoneNumber,
  listNumbersForBilling,
  type PhoneNumberRow,
} from "./phones.repository.ts";
export { phonesRoutes } from "./phones.routes.ts";
export { voiceWebhookUrls } from "./phones.service.ts";
