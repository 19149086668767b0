import type { PhoneNumber, TelephonyProviderKind } from "@foreman/contract";
import type { PhoneNumberView } from "./phones.repository.ts";

/** A number as the API shows it. */
export function toPhoneNumber(view: PhoneNumberView): PhoneNumber {
  return {
    id: view.id,
    phoneNumber: view.e164,
    name: view.name,
    countryCode: view.countryCode,
    locality: view.locality,
    capabilities: view.capabilities,
    aiEmployee: view.aiEmployeeId
      ? { id: view.aiEmployeeId, name: view.aiEmployeeName ?? "", departmentName: view.departmentName }
      : null,
    status: view.status,
    monthlyCostCents: view.monthlyCostCents,
    currency: view.currency,
    provider: view.provider as TelephonyProviderKind,
    purchasedAt: view.purchasedAt.toISOString(),
    releasedAt: view.releasedAt?.toISOString() ?? null,
  };
}
