import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ThemeProvider, useTheme } from "./theme-provider.tsx";

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <output aria-label="theme">{`${theme}/${resolvedTheme}`}</output>
      <button type="button" onClick={() => setTheme("dark")}>
        dark
      </button>
      <button type="button" onClick={() => setTheme("light")}>
        light
      </button>
      <button type="button" onClick={() => setTheme("system")}>
        system
      </button>
    </div>
  );
}

// jsdom has no matchMedia; this stands in for the browser's, answering "prefers dark".
function installPrefersDark(matches: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes("dark") ? matches : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
});
afterEach(() => {
  Reflect.deleteProperty(window, "matchMedia");
});

describe("ThemeProvider", () => {
  it("defaults to light and puts the class on <html>", () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByLabelText("theme")).toHaveTextContent("light/light");
    expect(document.documentElement).toHaveClass("light");
    expect(document.documentElement).not.toHaveClass("dark");
  });

  it("stores the choice under vite-ui-theme and swaps the class", async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole("button", { name: "dark" }));
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement).not.toHaveClass("light");

    await user.click(screen.getByRole("button", { name: "light" }));
    expect(localStorage.getItem("vite-ui-theme")).toBe("light");
    expect(document.documentElement).toHaveClass("light");
  });

  it("restores the stored theme and ignores junk", () => {
    localStorage.setItem("vite-ui-theme", "dark");
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass("dark");
    unmount();

    localStorage.setItem("vite-ui-theme", "purple");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByLabelText("theme")).toHaveTextContent("light/light");
  });

  it("follows the OS in system mode", async () => {
    installPrefersDark(true);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole("button", { name: "system" }));
    expect(localStorage.getItem("vite-ui-theme")).toBe("system");
    expect(screen.getByLabelText("theme")).toHaveTextContent("system/dark");
    expect(document.documentElement).toHaveClass("dark");
  });
});
