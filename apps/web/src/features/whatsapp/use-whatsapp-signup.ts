import type { OnboardingStep, WhatsappStatus } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { runEmbeddedSignup, type SignupResult } from "./embedded-signup.ts";
import { loadBusinessSdk, SDK_NOT_READY_MESSAGE, SIGNUP_LAUNCH_ERROR_MESSAGE } from "./load-business-sdk.ts";
import { describeWhatsappError, invalidateWhatsapp, isApiErrorCode, onboardWhatsapp } from "./whatsapp-api.ts";

// The "Connect WhatsApp" flow: load Meta's SDK (only now), open the signup popup, wait for its code and
// session, then hand both to the server's onboarding at once.

export type SignupNotice = { tone: "error" | "info"; text: string; step?: OnboardingStep | null };

export type SignupFlow = {
  /** launching: the SDK loads or the popup is open; onboarding: the server runs the steps. */
  phase: "idle" | "launching" | "onboarding";
  /** What the last attempt ended with, when it did not connect. */
  notice: SignupNotice | null;
  start: (signup: NonNullable<WhatsappStatus["signup"]>) => void;
};

/** Meta's `current_step` ("PHONE_NUMBER_SETUP") in words ("phone number setup"). */
const stepWords = (step: string) => step.toLowerCase().replaceAll("_", " ");

function cancelledNotice(result: Extract<SignupResult, { kind: "cancelled" }>): SignupNotice {
  const where = result.step ? ` at “${stepWords(result.step)}”` : "";
  return { tone: "info", text: `WhatsApp signup was closed${where} before it finished. Nothing was connected.` };
}

export function useWhatsappSignup(companyId: string): SignupFlow {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SignupFlow["phase"]>("idle");
  const [notice, setNotice] = useState<SignupNotice | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback<SignupFlow["start"]>(
    (signup) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      const live = () => !controller.signal.aborted;
      const end = (next: SignupNotice | null) => {
        if (!live()) return;
        running.current = null;
        setPhase("idle");
        setNotice(next);
      };
      setNotice(null);
      setPhase("launching");

      void (async () => {
        let sdk: Awaited<ReturnType<typeof loadBusinessSdk>>;
        try {
          sdk = await loadBusinessSdk(signup);
        } catch (error) {
          console.error(error);
          return end({ tone: "error", text: SDK_NOT_READY_MESSAGE });
        }
        if (!live()) return;
        let result: SignupResult;
        try {
          result = await runEmbeddedSignup(sdk, signup, { signal: controller.signal });
        } catch (error) {
          console.error(error);
          return end({ tone: "error", text: SIGNUP_LAUNCH_ERROR_MESSAGE });
        }
        if (!live()) return;
        if (result.kind === "cancelled") return end(cancelledNotice(result));
        if (result.kind === "failed") return end({ tone: "error", text: result.message });

        setPhase("onboarding");
        try {
          const status = await onboardWhatsapp(companyId, {
            whatsappEmbeddedSignup: {
              code: result.code,
              wabaId: result.session.wabaId,
              phoneNumberId: result.session.phoneNumberId,
              businessId: result.session.businessId,
            },
          });
          await invalidateWhatsapp(queryClient, companyId, status);
          if (status.connection?.state === "connected") {
            toast({
              title: "WhatsApp connected",
              description: status.connection.phoneNumber ?? undefined,
              variant: "success",
            });
          }
          end(null);
        } catch (error) {
          // A failed step: the status now names it and Meta's reason; a fresh signup resumes from there.
          const failedStep = isApiErrorCode(error, "whatsapp_onboarding_failed")
            ? isApiError(error)
              ? (error.body.details?.[0]?.field as OnboardingStep | undefined)
              : undefined
            : undefined;
          await invalidateWhatsapp(queryClient, companyId);
          end({ tone: "error", text: describeWhatsappError(error), step: failedStep ?? null });
        }
      })();
    },
    [companyId, queryClient],
  );

  return { phase, notice, start };
}
