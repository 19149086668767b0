import { render, screen } from "@testing-library/react";
import { ClipboardList } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { PagedList } from "./paged-list.tsx";

const pageLink = (page: number, children: ReactNode) => <a href={`?page=${page}`}>{children}</a>;

function renderList(props: Partial<ComponentProps<typeof PagedList>>) {
  return render(
    <PagedList
      title="All orders"
      headingId="all-orders"
      totalTestId="orders-total"
      page={1}
      perPage={20}
      total={0}
      rows={0}
      noun="orders"
      pageLink={pageLink}
      updating={false}
      pastEnd={{ icon: ClipboardList, backTo: "last" }}
      empty={<p>No orders</p>}
      {...props}
    >
      <p>the rows</p>
    </PagedList>,
  );
}

describe("PagedList", () => {
  it("shows the rows under the heading and total, with the pages", () => {
    renderList({ page: 2, total: 45, rows: 20 });
    expect(screen.getByRole("region", { name: /All orders/ })).toBeInTheDocument();
    expect(screen.getByTestId("orders-total")).toHaveTextContent("45");
    expect(screen.getByText("the rows")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent("21–40 of 45");
  });

  it("shows the empty state when there is nothing", () => {
    renderList({});
    expect(screen.getByText("No orders")).toBeInTheDocument();
    expect(screen.queryByText("the rows")).not.toBeInTheDocument();
  });

  it("offers the last page, saying how many there are, for a page past the end", () => {
    renderList({ page: 4, total: 30 });
    expect(screen.getByRole("heading", { name: "There is no page 4" })).toBeInTheDocument();
    expect(screen.getByText("These orders fit on 2 pages.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the last page" })).toHaveAttribute("href", "?page=2");
  });

  it("or the first page", () => {
    renderList({ page: 4, total: 30, pastEnd: { icon: ClipboardList, backTo: "first" } });
    expect(screen.queryByText(/fit on/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the first page" })).toHaveAttribute("href", "?page=1");
  });
});
