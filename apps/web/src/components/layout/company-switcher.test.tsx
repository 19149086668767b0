import type { Company } from "@foreman/contract";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { CompanySwitcher } from "./company-switcher.tsx";

const northwind: Company = { id: "c-1", name: "Northwind Supply", logoSmallUrl: null };
const andes: Company = { id: "c-2", name: "Andes Comercial", logoSmallUrl: null };

describe("CompanySwitcher", () => {
  it("is a static card when the user manages no other company", () => {
    render(<CompanySwitcher company={andes} managedCompanies={[andes]} onSwitchCompany={vi.fn()} />);
    expect(screen.queryByRole("button", { name: /Switch company/ })).not.toBeInTheDocument();
    expect(screen.getByText("Andes Comercial")).toBeInTheDocument();
  });

  it("lists managed companies with the current one checked and switches on choice (keyboard)", async () => {
    const user = userEvent.setup();
    const onSwitchCompany = vi.fn();
    render(
      <CompanySwitcher company={northwind} managedCompanies={[andes, northwind]} onSwitchCompany={onSwitchCompany} />,
    );
    const trigger = screen.getByRole("button", { name: /Switch company/ });
    // The visible company is part of the name, after what the button does.
    expect(trigger).toHaveAccessibleName("Switch company Northwind Supply 2 companies");
    trigger.focus();
    await user.keyboard("{Enter}");

    const options = await screen.findAllByRole("menuitemradio", {}, overlayKitWait);
    expect(options.map((option) => option.textContent)).toEqual(["Andes Comercial", "Northwind Supply"]);
    expect(screen.getByRole("menuitemradio", { name: /Northwind Supply/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("menuitemradio", { name: /Andes Comercial/ })).toHaveAttribute("aria-checked", "false");

    // Opening from the keyboard focuses the first entry (Andes Comercial).
    await waitFor(() => expect(screen.getByRole("menuitemradio", { name: /Andes Comercial/ })).toHaveFocus());
    await user.keyboard("{Enter}");
    expect(onSwitchCompany).toHaveBeenCalledWith(andes);
  });

  it("does not switch to the company already shown", async () => {
    const user = userEvent.setup();
    const onSwitchCompany = vi.fn();
    render(
      <CompanySwitcher company={northwind} managedCompanies={[andes, northwind]} onSwitchCompany={onSwitchCompany} />,
    );
    await user.click(screen.getByRole("button", { name: /Switch company/ }));
    await user.click(await screen.findByRole("menuitemradio", { name: /Northwind Supply/ }, overlayKitWait));
    expect(onSwitchCompany).not.toHaveBeenCalled();
  });
});
