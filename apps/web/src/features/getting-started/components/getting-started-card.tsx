import {
  type CompanyRole,
  canManage as canManageRole,
  type GettingStarted,
  type GettingStartedStep,
} from "@foreman/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Check, Rocket, X } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { dismissGettingStarted, fetchFirstAiEmployeeId } from "../api.ts";
import { gettingStartedKey } from "../checklist-query.ts";
import { STEP_TEXT, stepLink } from "../steps.ts";

type GettingStartedCardProps = {
  checklist: GettingStarted;
  /** The signed-in member's role: owners and admins may hide it for the company. */
  role: CompanyRole | undefined;
};

/** "Get started with Foreman": the steps of a new company's first hour, each checked from real data. */
export default function GettingStartedCard({ checklist, role }: GettingStartedCardProps) {
  const canManage = canManageRole(role);
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const done = (key: GettingStartedStep["key"]) => checklist.steps.some((s) => s.key === key && s.done);
  // "Try it" lives on an AI employee's profile: find the first one only while that step is to do.
  const firstEmployee = useQuery({
    queryKey: ["getting-started", companyId, "first-ai-employee"],
    queryFn: ({ signal }) => fetchFirstAiEmployeeId(companyId, signal),
    enabled: done("hire_employee") && !done("try_playground"),
  });
  const dismiss = useMutation({
    mutationFn: () => dismissGettingStarted(companyId),
    onSuccess: (next) => queryClient.setQueryData(gettingStartedKey(companyId), next),
    onError: (error) =>
      toast({ title: "Couldn't hide the checklist", description: describeError(error), variant: "destructive" }),
  });
  const percent = Math.round((checklist.completedCount / checklist.total) * 100);

  return (
    <Card aria-labelledby="getting-started-title" role="region" className="gap-4">
      <CardHeader>
        <CardTitle id="getting-started-title" className="flex items-center gap-2">
          <Rocket className="size-4 text-primary" aria-hidden />
          Get started with Foreman
        </CardTitle>
        <CardDescription>
          {checklist.completedCount} of {checklist.total} done: from your first AI employee to your first customer
          answered.
        </CardDescription>
        {canManage ? (
          <CardAction>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Hide the getting-started checklist"
              disabled={dismiss.isPending}
              onClick={() => dismiss.mutate()}
            >
              <X aria-hidden />
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="progressbar"
          aria-label="Getting started"
          aria-valuemin={0}
          aria-valuemax={checklist.total}
          aria-valuenow={checklist.completedCount}
          aria-valuetext={`${checklist.completedCount} of ${checklist.total} steps done`}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <ol className="divide-y rounded-lg border">
          {checklist.steps.map((step) => (
            <StepRow key={step.key} step={step} firstAiEmployeeId={firstEmployee.data ?? null} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function StepRow({ step, firstAiEmployeeId }: { step: GettingStartedStep; firstAiEmployeeId: string | null }) {
  const text = STEP_TEXT[step.key];
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-step={step.key}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cn(
            "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border",
            step.done ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground/40",
          )}
          aria-hidden
        >
          {step.done ? <Check className="size-3.5" /> : null}
        </span>
        <div className="min-w-0">
          <p className={cn("font-medium text-sm", step.done && "text-muted-foreground line-through")}>
            {text.title}
            <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
          </p>
          <p className="text-muted-foreground text-sm">{text.why}</p>
        </div>
      </div>
      {step.done ? null : (
        <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
          <Link {...stepLink(step.key, firstAiEmployeeId)}>
            {text.action}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </li>
  );
}
