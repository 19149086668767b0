import type { EmailChannel } from "@foreman/contract";
import { CopyAddress } from "./copy-address.tsx";

/** A channel's inbound address to copy, and what to do with it in one sentence. */
export function InboundAddress({
  channel,
}: {
  channel: Pick<EmailChannel, "inboundAddress" | "fromAddress" | "customFromAddress">;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <CopyAddress address={channel.inboundAddress} label="inbound address" />
      <p className="text-muted-foreground text-xs" data-testid="forwarding-hint">
        Forward your support address to this address; replies come from{" "}
        {channel.customFromAddress ? (
          <span className="break-all font-medium text-foreground">{channel.fromAddress}</span>
        ) : (
          "this address"
        )}
        .
      </p>
    </div>
  );
}
