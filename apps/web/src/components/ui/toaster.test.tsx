import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts, removeToast } from "#web/lib/toast-store.ts";
import { Toaster, toast } from "./toaster.tsx";

const shownToasts = () => Array.from(document.querySelectorAll('[data-slot="toast"]'));

afterEach(() => {
  for (const item of getToasts()) removeToast(item.id);
});

describe("Toaster", () => {
  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Departments could not be loaded", variant: "destructive" });
    });
    expect(shownToasts()).toHaveLength(1);

    act(() => {
      toast({ title: "Company switched", description: "Now showing Andes Comercial.", variant: "success" });
    });
    const toasts = shownToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent("Company switched");
    expect(toasts[0]).toHaveTextContent("Now showing Andes Comercial.");
    expect(toasts[0]).toHaveAttribute("data-variant", "success");
    expect(toasts[0]).not.toHaveTextContent("Departments could not be loaded");
  });

  it("can be raised from outside React before the Toaster mounts, and F8 names the region", () => {
    toast({ title: "Saved" });
    render(<Toaster />);
    expect(shownToasts()[0]).toHaveTextContent("Saved");
    expect(screen.getByRole("region")).toHaveAttribute("aria-label", expect.stringContaining("F8"));
  });

  it("dismiss() closes it", () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: "Temporary" });
    });
    act(() => handle?.dismiss());
    expect(shownToasts().every((node) => node.getAttribute("data-state") === "closed")).toBe(true);
  });
});
