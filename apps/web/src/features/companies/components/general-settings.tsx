import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { ApprovalSetting } from "./approval-setting.tsx";
import { TwoFactorRequirementSetting } from "./two-factor-requirement-setting.tsx";

/** Settings → General: what owners and admins decide for the whole company. */
export function GeneralSettings() {
  return (
    <div className="grid max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Approvals</CardTitle>
          <CardDescription>
            Who may authorize what goes past an AI employee's guardrails and cancel placed orders.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApprovalSetting />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>Whether everyone must sign in with a code from an authenticator app.</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorRequirementSetting />
        </CardContent>
      </Card>
    </div>
  );
}
