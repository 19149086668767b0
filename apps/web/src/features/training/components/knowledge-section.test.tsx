import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { SOFIA, serveAiEmployees } from "#web/test/fixtures/ai-employees.ts";
import { liveEventStreams } from "#web/test/live-event-streams.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { stubFormDataAsJson } from "#web/test/stub-form-data.ts";
import { KnowledgeSection } from "./knowledge-section.tsx";

const api = signedInLocalApi();
const { streams, serve: serveEvents } = liveEventStreams(api);
const COMPANY = "3f1c2a9e-0000-4000-8000-000000000009";

// As the server sends them: snake_case.
const entry = (id: string, title: string, extra: object = {}) => ({
  id,
  title,
  source: "file",
  file_name: `${title.toLowerCase().replaceAll(" ", "-")}.pdf`,
  file_kind: "pdf",
  byte_size: 1_468_006,
  question: null,
  body: null,
  ai_employee_ids: [],
  skill_ids: [],
  status: "indexed",
  progress: 100,
  error: null,
  pages: 4,
  chunk_count: 12,
  created_at: "2026-03-05T10:00:00Z",
  updated_at: "2026-03-05T10:00:00Z",
  ...extra,
});

const ENTRIES = [
  entry("e1", "Return policy", { ai_employee_ids: [SOFIA] }),
  entry("e2", "Price sheet", { status: "extracting", progress: 20 }),
  entry("e3", "Broken scan", { status: "failed", progress: 0, error: "The PDF has no text to read" }),
  entry("e4", "Opening hours", { source: "note", file_name: null, file_kind: null, byte_size: null }),
];

function serve(entries = ENTRIES) {
  api.routes["GET /app/knowledge_base_entries.json"] = (_req, res) => sendJson(res, 200, { entries });
  serveAiEmployees(api, [SOFIA]);
  serveEvents();
}

function renderKnowledge({ canManage = true } = {}) {
  return renderInCompany(<KnowledgeSection canManage={canManage} />, {
    companyId: COMPANY,
    path: "/training?tab=knowledge",
  });
}

const rowOf = (id: string) =>
  screen.getAllByTestId("knowledge-row").find((row) => row.dataset.entryId === id) as HTMLElement;

beforeEach(() => {
  setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
});

describe("knowledge base", () => {
  it("lists the entries with their source, AI employees and status", async () => {
    serve();
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    const policy = rowOf("e1");
    expect(policy).toHaveTextContent("Return policy");
    expect(policy).toHaveTextContent("return-policy.pdf · PDF · 1.4 MB");
    await waitFor(() => expect(policy).toHaveTextContent("Sofía Reyes"));
    expect(policy).toHaveTextContent("Indexed");
    expect(within(policy).getByRole("button", { name: "Download return-policy.pdf" })).toBeEnabled();
    expect(rowOf("e2")).toHaveTextContent("All");
    expect(within(rowOf("e2")).getByRole("progressbar", { name: "Processing Price sheet" })).toHaveAttribute(
      "aria-valuenow",
      "20",
    );
    expect(rowOf("e3")).toHaveTextContent("The PDF has no text to read");
    expect(rowOf("e4")).toHaveTextContent("Note");
    expect(within(rowOf("e4")).queryByRole("button", { name: /Download/ })).not.toBeInTheDocument();
  });

  it("moves a row's progress with the live events, and refetches once it is indexed", async () => {
    serve();
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    await waitFor(() => expect(streams).toHaveLength(1));
    const send = (payload: object) =>
      streams[0]!.write(
        `event: knowledge.updated\ndata: ${JSON.stringify({ type: "knowledge.updated", ...payload })}\n\n`,
      );

    send({ entry_id: "e2", status: "extracting", progress: 65 });
    await waitFor(() => expect(within(rowOf("e2")).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "65"));
    expect(rowOf("e2")).toHaveTextContent("65%");

    const listed = () => api.requests.filter((r) => r.path === "/app/knowledge_base_entries.json").length;
    const before = listed();
    serve(ENTRIES.map((e) => (e.id === "e2" ? { ...e, status: "indexed", progress: 100 } : e)));
    send({ entry_id: "e2", status: "indexed", progress: 100 });
    await waitFor(() => expect(rowOf("e2")).toHaveTextContent("Indexed"));
    expect(within(rowOf("e2")).queryByRole("progressbar")).not.toBeInTheDocument();
    // The event shows "Indexed" at once; the refetch it starts reaches the server a moment later.
    await waitFor(() => expect(listed()).toBeGreaterThan(before));

    // Deleted in another tab or by another manager: the row goes at once.
    serve(
      ENTRIES.filter((e) => e.id !== "e3").map((e) => (e.id === "e2" ? { ...e, status: "indexed", progress: 100 } : e)),
    );
    const requests = listed();
    send({ entry_id: "e3", status: "deleted", progress: 100 });
    await waitFor(() =>
      expect(screen.getAllByTestId("knowledge-row").map((row) => row.dataset.entryId)).toEqual(["e1", "e2", "e4"]),
    );
    expect(listed()).toBe(requests);
  });

  it("shows the server's refusal of an uploaded file and keeps the choices made", async () => {
    serve();
    stubFormDataAsJson();
    api.routes["POST /app/knowledge_base_entries.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "unreadable_file",
        error_description: "The file says it is a PDF but its content is not a PDF",
      });
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    const forEmployee = screen.getByLabelText("For");
    await waitFor(() => expect(within(forEmployee).getByRole("option", { name: "Sofía Reyes" })).toBeInTheDocument());
    await userEvent.selectOptions(forEmployee, SOFIA);
    await userEvent.upload(
      screen.getByLabelText("File to add to the knowledge base"),
      new File(["not a pdf"], "renamed.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "renamed.pdf was not added: The file says it is a PDF but its content is not a PDF",
    );
    expect(forEmployee).toHaveValue(SOFIA);
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      file: "renamed.pdf",
      ai_employee_ids: SOFIA,
    });
    expect(screen.getByRole("button", { name: "Choose a file" })).toBeEnabled();
  });

  it("refuses a file of another type before sending it", async () => {
    serve();
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    await userEvent.upload(
      screen.getByLabelText("File to add to the knowledge base"),
      new File(["x"], "photo.png", { type: "image/png" }),
      { applyAccept: false },
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("photo.png was not added");
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("tests a question and shows the ranked passages, or that none matches", async () => {
    serve();
    const long = `Returns are accepted within 30 days. ${"Keep the receipt and the original packaging. ".repeat(10)}`;
    api.routes["POST /app/knowledge_base/search.json"] = (req, res) =>
      (req.body as { query: string }).query === "refund"
        ? sendJson(res, 200, {
            passages: [
              { entry_id: "e1", title: "Return policy", heading: "Refunds", text: long, rank: 0.9 },
              { entry_id: "e4", title: "Opening hours", heading: null, text: "Open 9 to 5.", rank: 0.2 },
            ],
          })
        : sendJson(res, 200, { passages: [] });
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    await userEvent.type(screen.getByLabelText("Question"), "refund");
    await waitFor(() =>
      expect(
        within(screen.getByLabelText("AI employee")).getByRole("option", { name: "Sofía Reyes" }),
      ).toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByLabelText("AI employee"), SOFIA);
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    const passages = await screen.findAllByTestId("knowledge-passage");
    expect(passages).toHaveLength(2);
    expect(passages[0]).toHaveTextContent("Return policy › Refunds");
    expect(passages[0]).not.toHaveTextContent(long.trim());
    await userEvent.click(within(passages[0]!).getByRole("button", { name: "Show more" }));
    expect(passages[0]).toHaveTextContent(long.trim());
    expect(passages[1]).toHaveTextContent("Opening hours");
    expect(api.requests.find((r) => r.path === "/app/knowledge_base/search.json")?.body).toEqual({
      query: "refund",
      ai_employee_id: SOFIA,
    });

    await userEvent.clear(screen.getByLabelText("Question"));
    await userEvent.type(screen.getByLabelText("Question"), "parking");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No passage matches")).toBeInTheDocument();
  });

  it("deletes an entry after asking", async () => {
    serve();
    api.routes["DELETE /app/knowledge_base_entries/e1.json"] = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    renderKnowledge();
    await screen.findAllByTestId("knowledge-row");
    await userEvent.click(screen.getByRole("button", { name: "Delete Return policy" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Return policy?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.requests.some((r) => r.method === "DELETE")).toBe(true));
  });
});
