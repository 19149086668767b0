// The absolute addresses the provider calls back: TwiML actions, status and recording callbacks. They
// are built on the public URL (PUBLIC_URL, else this server's own), which is also what signatures are
// checked against: the query names the call and the turn, and a signature covers it, so nobody can
// point a signed request at another call.

export const VOICE_WEBHOOK_PATH = "/webhooks/twilio/voice";

export type VoiceUrls = ReturnType<typeof voiceUrls>;

export function voiceUrls(publicBase: string) {
  const base = `${publicBase.replace(/\/+$/, "")}${VOICE_WEBHOOK_PATH}`;
  const url = (path: string, query: Record<string, string | number | undefined> = {}) => {
    const params = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
      .join("&");
    return params ? `${base}/${path}?${params}` : `${base}/${path}`;
  };
  return {
    /** Where a number's calls ring in (set on the number when it is bought). */
    incoming: () => url("incoming"),
    /** An outbound call's TwiML, fetched once the callee answers. */
    outbound: (callId: string) => url("outbound", { call: callId }),
    /** The caller's words of turn `n`; `retry` after one silence, `wait` counts the "one moment"s so far. */
    turn: (callId: string, n: number, extra: { retry?: boolean; wait?: number } = {}) =>
      url("turn", { call: callId, n, retry: extra.retry ? 1 : undefined, wait: extra.wait || undefined }),
    /** Status callbacks: a number's (no call named: found by its sid) or one outbound call's. */
    status: (callId?: string) => url("status", { call: callId }),
    recording: (callId: string) => url("recording", { call: callId }),
    dialResult: (callId: string) => url("dial-result", { call: callId }),
    message: (callId: string) => url("message", { call: callId }),
  };
}
