import type { SenderType } from "@foreman/contract";
import { Bot } from "lucide-react";
import { cn, initials } from "#web/lib/utils.ts";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "../ui/avatar.tsx";

// Who wrote a message, at a glance: the AI employee's picture (or a bot mark), a person's initials.
// Decorative: the sender's name is always written next to it.

type MessageAvatarProps = {
  senderType: SenderType;
  name: string;
  src?: string | null;
  className?: string;
};

export function MessageAvatar({ senderType, name, src, className }: MessageAvatarProps) {
  const ai = senderType === "ai";
  return (
    <Avatar aria-hidden className={cn("size-7", className)}>
      <AvatarImage src={src ?? undefined} />
      <AvatarFallback
        className={cn(
          "text-[0.6875rem]",
          ai && "bg-primary/12 text-primary",
          senderType === "staff" && "bg-info/12 text-info",
        )}
      >
        {ai ? <Bot className="size-4" /> : <AvatarInitials value={initials(name)} />}
      </AvatarFallback>
    </Avatar>
  );
}
