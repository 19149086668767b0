import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CompanyGate, CompanyIdProvider, useCompanyId } from "./company-id.tsx";

/** Shows the company id and how many times it was mounted (its state is lost on a remount). */
let mounts = 0;
function Screen() {
  const companyId = useCompanyId();
  const [mount] = useState(() => ++mounts);
  return <p data-testid="screen">{`${companyId} #${mount}`}</p>;
}

function renderGate(companyId: string | null, resetOnSwitch?: boolean) {
  const ui = (id: string | null) => (
    <CompanyIdProvider companyId={id}>
      <CompanyGate fallback={<p>Loading…</p>} resetOnSwitch={resetOnSwitch}>
        <Screen />
      </CompanyGate>
    </CompanyIdProvider>
  );
  const result = render(ui(companyId));
  return { switchTo: (id: string | null) => result.rerender(ui(id)), unmount: result.unmount };
}

describe("CompanyGate", () => {
  it("shows the fallback until a company is chosen, then the screen with its id", () => {
    mounts = 0;
    const { switchTo } = renderGate(null);
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    switchTo("c1");
    expect(screen.getByTestId("screen")).toHaveTextContent("c1 #1");
  });

  it("starts the screen afresh for another company, unless told to keep it", () => {
    mounts = 0;
    const fresh = renderGate("c1");
    fresh.switchTo("c2");
    expect(screen.getByTestId("screen")).toHaveTextContent("c2 #2");
    fresh.unmount();

    mounts = 0;
    const kept = renderGate("c1", false);
    kept.switchTo("c2");
    expect(screen.getByTestId("screen")).toHaveTextContent("c2 #1");
  });
});

describe("useCompanyId", () => {
  it("refuses to run where no company is chosen", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Screen />)).toThrow(/CompanyGate/);
    } finally {
      console.error = quiet;
    }
  });
});
