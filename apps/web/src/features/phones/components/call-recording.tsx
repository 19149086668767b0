import { formatCallDuration } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { fetchRecording, phonesKeys } from "../api.ts";

// The call's recording. The audio is behind the session's bearer token (not a cookie), so it is fetched
// through the API client and played from an object URL made of it, let go when the page goes.

type CallRecordingProps = { callNumber: number; recording: { url: string; durationSeconds: number | null } };

export function CallRecording({ callNumber, recording }: CallRecordingProps) {
  const companyId = useCompanyId();
  const query = useQuery({
    queryKey: [...phonesKeys.all(companyId), "recording", recording.url],
    queryFn: ({ signal }) => fetchRecording(companyId, recording.url, signal),
    // The audio does not change; it is let go with the page.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const url = URL.createObjectURL(query.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [query.data]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recording</h2>
        </CardTitle>
        <CardDescription>
          The caller was told the call is recorded
          {recording.durationSeconds !== null ? ` · ${formatCallDuration(recording.durationSeconds)}` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.error ? (
          <QueryError
            title="Couldn't load the recording"
            error={query.error}
            onRetry={() => void query.refetch()}
            size="sm"
          />
        ) : src ? (
          // biome-ignore lint/a11y/useMediaCaption: the transcript beside it is the call's text
          <audio
            controls
            src={src}
            className="w-full"
            aria-label={`Recording of call ${callNumber}`}
            data-testid="call-recording"
          />
        ) : (
          <div role="status">
            <span className="sr-only">Loading the recording…</span>
            <Skeleton className="h-12 w-full rounded-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
