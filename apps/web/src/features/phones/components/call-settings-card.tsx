import { type CallSettings, e164Schema } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { callSettingsQueryOptions, phonesKeys, updateCallSettings } from "../api.ts";

// The company's call settings: whether calls are recorded (callers are told at the start), and the
// number a caller is put through to when they ask for a person (without one, the AI takes a message).

type CallSettingsCardProps = { companyId: string; canManage: boolean };

export function CallSettingsCard({ companyId, canManage }: CallSettingsCardProps) {
  const id = useId();
  const query = useQuery(callSettingsQueryOptions(companyId));
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="call-settings">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Call settings</h2>
        </CardTitle>
        <CardDescription>How every number of this company answers.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.error ? (
          <QueryError
            title="Couldn't load the call settings"
            error={query.error}
            onRetry={() => void query.refetch()}
            size="sm"
          />
        ) : query.data ? (
          <SettingsForm
            key={`${query.data.recordingEnabled}:${query.data.fallbackNumber ?? ""}`}
            companyId={companyId}
            settings={query.data}
            canManage={canManage}
          />
        ) : (
          <div className="grid gap-4" role="status">
            <span className="sr-only">Loading the call settings…</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type SettingsFormProps = { companyId: string; settings: CallSettings; canManage: boolean };

function SettingsForm({ companyId, settings, canManage }: SettingsFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(settings.recordingEnabled);
  const [fallback, setFallback] = useState(settings.fallbackNumber ?? "");
  const [fallbackError, setFallbackError] = useState<string | undefined>();
  const [saving, setSaving] = useState<"recording" | "fallback" | null>(null);
  const fallbackChanged = fallback.trim() !== (settings.fallbackNumber ?? "");

  async function save(part: "recording" | "fallback", input: Parameters<typeof updateCallSettings>[1]) {
    setSaving(part);
    try {
      const saved = await updateCallSettings(companyId, input);
      queryClient.setQueryData(phonesKeys.callSettings(companyId), saved);
      toast({
        title:
          part === "recording"
            ? saved.recordingEnabled
              ? "Calls are recorded from now on"
              : "Calls are no longer recorded"
            : saved.fallbackNumber
              ? "Callers who ask for a person are put through"
              : "The AI takes a message when a caller asks for a person",
        variant: "success",
      });
    } catch (error) {
      if (part === "recording") setRecording(settings.recordingEnabled);
      const message = describeError(error);
      if (part === "fallback") setFallbackError(message);
      toast({ title: "The setting could not be saved", description: message, variant: "destructive" });
    } finally {
      setSaving(null);
    }
  }

  function saveFallback() {
    const value = fallback.trim();
    if (!value) {
      setFallbackError(undefined);
      void save("fallback", { fallbackNumber: null });
      return;
    }
    const parsed = e164Schema.safeParse(value);
    if (!parsed.success) {
      setFallbackError(parsed.error.issues[0]?.message);
      return;
    }
    setFallbackError(undefined);
    void save("fallback", { fallbackNumber: parsed.data });
  }

  const fallbackHint =
    "In international format. Without one, the AI employee takes a message and opens an action item for your team.";
  return (
    <div className="grid gap-6">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={`${id}-recording`} className="font-medium text-sm">
            Record calls
          </label>
          <p id={`${id}-recording-hint`} className="text-muted-foreground text-sm">
            Callers hear "This call is recorded" before anything else. Recordings play on each call's page.
          </p>
        </div>
        <Switch
          id={`${id}-recording`}
          checked={recording}
          disabled={!canManage || saving !== null}
          aria-describedby={`${id}-recording-hint`}
          onCheckedChange={(checked) => {
            setRecording(checked);
            void save("recording", { recordingEnabled: checked });
          }}
        />
      </div>
      <form
        noValidate
        className="grid gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (fallbackChanged) saveFallback();
        }}
      >
        <label htmlFor={`${id}-fallback`} className="font-medium text-sm">
          Put callers through to
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-fallback`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className="min-w-0 flex-1 sm:max-w-64"
            placeholder="+15550100123"
            value={fallback}
            disabled={!canManage || saving !== null}
            aria-invalid={fallbackError ? true : undefined}
            aria-describedby={describedBy(`${id}-fallback`, fallbackError, fallbackHint)}
            onChange={(event) => setFallback(event.target.value)}
          />
          {canManage ? (
            <Button type="submit" variant="outline" disabled={!fallbackChanged || saving !== null}>
              {saving === "fallback" ? <Spinner /> : null}
              Save
            </Button>
          ) : null}
        </div>
        <p id={`${id}-fallback-hint`} className="text-muted-foreground text-xs">
          {fallbackHint}
        </p>
        {fallbackError ? (
          <p id={`${id}-fallback-error`} className="text-destructive text-xs">
            {fallbackError}
          </p>
        ) : null}
        {canManage ? null : <p className="text-muted-foreground text-xs">Only owners and admins can change these.</p>}
      </form>
    </div>
  );
}
