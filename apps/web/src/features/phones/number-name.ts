import type { PhoneNumber } from "@foreman/contract";
import { friendlyPhoneNumber } from "@foreman/contract";

/**
 * The name the company gave a number ("Support line"), or null when it is only the number written
 * again (the provider's friendly form, used until the number is named).
 */
export function ownNumberName(number: Pick<PhoneNumber, "name" | "phoneNumber">): string | null {
  const name = number.name.trim();
  const digits = (value: string) => value.replace(/\D/g, "");
  const written = digits(name);
  // The number itself, with or without its country code ("(555) 010-0123"), is not a name.
  const isTheNumber = written.length >= 7 && digits(number.phoneNumber).endsWith(written);
  return name && !isTheNumber ? name : null;
}

/** "+1 (555) 010-0123 · Support line": how a number is offered in a list of choices. */
export function numberChoiceLabel(number: Pick<PhoneNumber, "name" | "phoneNumber">): string {
  const name = ownNumberName(number);
  return name ? `${friendlyPhoneNumber(number.phoneNumber)} · ${name}` : friendlyPhoneNumber(number.phoneNumber);
}
