import { CHANNEL_LABELS, type Channel } from "@foreman/contract";
import { Globe, type LucideIcon, Mail, MessageCircle, MessageSquareText, Phone } from "lucide-react";
import { cn } from "#web/lib/utils.ts";

// The channel a conversation runs on: WhatsApp, Email, Phone, SMS or Web chat, each with its icon.

export const CHANNEL_ICONS: Record<Channel, LucideIcon> = {
  whatsapp: MessageCircle,
  email: Mail,
  phone: Phone,
  sms: MessageSquareText,
  web_chat: Globe,
};

/** Tints that tell the channels apart at a glance (text colours keep 4.5:1 on the card). */
const CHANNEL_TONES: Record<Channel, string> = {
  whatsapp: "text-success",
  email: "text-info",
  phone: "text-[oklch(0.5_0.13_50)] dark:text-[oklch(0.8_0.13_70)]",
  sms: "text-primary dark:text-[oklch(0.75_0.15_277)]",
  web_chat: "text-[oklch(0.5_0.12_200)] dark:text-[oklch(0.8_0.11_200)]",
};

/** The icon with its channel's name for assistive technology (or hidden when a label is shown beside it). */
export function ChannelIcon({
  channel,
  className,
  labelled = true,
}: {
  channel: Channel;
  className?: string;
  /** False when the channel's name is written next to the icon. */
  labelled?: boolean;
}) {
  const Icon = CHANNEL_ICONS[channel];
  return (
    <Icon
      className={cn("size-4 shrink-0", CHANNEL_TONES[channel], className)}
      role={labelled ? "img" : undefined}
      aria-label={labelled ? CHANNEL_LABELS[channel] : undefined}
      aria-hidden={labelled ? undefined : true}
      data-testid="channel-icon"
      data-channel={channel}
    />
  );
}
