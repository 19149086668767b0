import { createContext, Fragment, type ReactNode, useContext } from "react";

// The company the signed-in screens work in. The `_app` layout resolves it once (the stored selection,
// checked against the user's companies) and provides its id; screens read it with `useCompanyId()`
// inside a `CompanyGate`, instead of each passing `company?.id ?? null` down.

const CompanyIdContext = createContext<string | null>(null);

export function CompanyIdProvider({ companyId, children }: { companyId: string | null; children: ReactNode }) {
  return <CompanyIdContext.Provider value={companyId}>{children}</CompanyIdContext.Provider>;
}

type CompanyGateProps = {
  /** Until a company is chosen (and for a user without one). */
  fallback?: ReactNode;
  /**
   * Render afresh for each company, so nothing of the previous one shows while the next loads (the
   * default). The sales screens keep theirs, dimmed, as they do for a new period.
   */
  resetOnSwitch?: boolean;
  children: ReactNode;
};

/** What needs a company: rendered once one is chosen. */
export function CompanyGate({ fallback = null, resetOnSwitch = true, children }: CompanyGateProps) {
  const companyId = useContext(CompanyIdContext);
  if (companyId === null) return fallback;
  return <Fragment key={resetOnSwitch ? companyId : undefined}>{children}</Fragment>;
}

/** The selected company's id, inside a `CompanyGate`. */
export function useCompanyId(): string {
  const companyId = useContext(CompanyIdContext);
  if (companyId === null) throw new Error("useCompanyId() is only for what a CompanyGate renders");
  return companyId;
}
