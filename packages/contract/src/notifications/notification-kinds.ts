/** What a user may be told by email (each kind has its own switch in the notification settings). */
export const NOTIFICATION_KINDS = ["action_item", "ticket_assigned", "handoff"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
