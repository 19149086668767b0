import type { Integration } from "@foreman/contract";

// What an integration's card says besides its name and state: the facts the server reads (never a
// secret) and how to connect or change it. Shared by the generic card and the channels' own cards.

/** The connection's facts, label beside value. */
export function IntegrationDetails({ details }: { details: Integration["details"] }) {
  if (details.length === 0) return null;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
      {details.map((detail) => (
        // A label may repeat (two ways mail comes in); with its value it is one fact.
        <div key={`${detail.label}\u0000${detail.value}`} className="contents">
          <dt className="text-muted-foreground">{detail.label}</dt>
          <dd className="min-w-0 break-words font-medium">{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "To connect it: …" (or "To change it: …" once connected), with the variables or the call it takes. */
export function IntegrationSetupHint({ integration }: { integration: Integration }) {
  const setup = integration.setup;
  if (!setup) return null;
  const connected = integration.state === "connected";
  return (
    <div className="space-y-2 rounded-lg border border-dashed bg-muted/30 p-3 text-sm" data-testid="integration-setup">
      <p>
        <span className="font-medium">{connected ? "To change it: " : "To connect it: "}</span>
        <span className="text-muted-foreground">{setup.instructions}</span>
      </p>
      {setup.variables.length > 0 || setup.endpoint ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={setup.endpoint ? "Call" : "Environment variables"}>
          {setup.endpoint ? (
            <li>
              <code className="rounded border bg-background px-1.5 py-0.5 font-mono text-xs">{setup.endpoint}</code>
            </li>
          ) : null}
          {setup.variables.map((name) => (
            <li key={name}>
              <code className="rounded border bg-background px-1.5 py-0.5 font-mono text-xs">{name}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
