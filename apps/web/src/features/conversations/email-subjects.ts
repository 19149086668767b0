import { type Message, replySubject } from "@foreman/contract";

// An email thread's subject is written once, on its first mail, not on every "Re:" after it; a mail
// that changes the subject shows its own. Pure, so it is tested on its own.

/** The subject to show above each email message that starts one, by message id. */
export function subjectsToShow(messages: readonly Message[]): Map<string, string> {
  const shown = new Map<string, string>();
  let current: string | null = null;
  for (const message of messages) {
    const subject = message.email?.subject.trim();
    if (!subject) continue;
    // "Re: Pallet prices", "RE: re: Pallet prices" and "Pallet prices" are one thread's subject.
    const key = replySubject(subject).toLowerCase();
    if (key === current) continue;
    current = key;
    shown.set(message.id, subject);
  }
  return shown;
}
