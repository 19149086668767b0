import { formatLongDate, setDisplayTimeZone } from "@foreman/contract";
import { render, screen } from "@testing-library/react";
import { memo } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CompanyTimeZone } from "./company-time-zone.tsx";
import { exactDateTime } from "./relative-time.ts";

// 02:30 UTC on July 15th: the evening before in Santiago (UTC−4), early morning in Madrid (UTC+2).
const AT = "2026-07-15T02:30:00Z";

// A page part that does not re-render when the layout above it does (as route pages are).
const Stamp = memo(function Stamp() {
  return (
    <p>
      {exactDateTime(AT)} · {formatLongDate(AT)}
    </p>
  );
});

describe("CompanyTimeZone", () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("shows every time below it in the company's zone, and moves them all when the zone changes", () => {
    const { rerender } = render(
      <CompanyTimeZone timeZone="America/Santiago">
        <Stamp />
      </CompanyTimeZone>,
    );
    expect(screen.getByText("July 14, 2026 at 10:30 PM · July 14, 2026")).toBeInTheDocument();
    rerender(
      <CompanyTimeZone timeZone="Europe/Madrid">
        <Stamp />
      </CompanyTimeZone>,
    );
    expect(screen.getByText("July 15, 2026 at 4:30 AM · July 15, 2026")).toBeInTheDocument();
  });
});
