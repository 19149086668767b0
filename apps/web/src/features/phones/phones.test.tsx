import {
  type AvailableNumber,
  type Call,
  type CallDetail,
  type CallTurn,
  type CompanyRole,
  NO_NUMBERS_FOUND,
  NUMBER_HAS_NO_EMPLOYEE,
  NUMBER_UNAVAILABLE,
  type PhoneNumber,
  snakeizeKeys,
} from "@foreman/contract";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";
import { meInCompany } from "#web/test/fixtures/me.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { AddNumberDialog } from "./components/add-number-dialog.tsx";
import { CallInterface, TEST_CALL_NUMBER } from "./components/call-interface.tsx";
import { CallTimer } from "./components/call-timer.tsx";
import { NumbersSection } from "./components/numbers-section.tsx";

// /phones against a local API: the add-number modal's steps and refusals, the call timer, the call
// interface through a test call (status, timer, typed caller words, the AI's answers, hang up), and the
// numbers list as a member sees it.

// jsdom has no ResizeObserver; Radix's Switch measures itself with one (the browser has it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const COMPANY = "company-1";
const api = signedInLocalApi();
const SOFIA = "6f1c3a52-6d0e-4f35-9a55-7a0f2a6f3b11";
const NUMBER_ID = "0b7c1e9a-3f55-4d2b-8a61-2d3c4b5a6f70";
const CALL_ID = "5d2e3f40-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

const employees: EmployeeName[] = [
  { id: SOFIA, name: "Sofía", active: true, departmentName: "Support" },
  { id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d", name: "Max", active: true, departmentName: "Sales" },
];

function available(phoneNumber: string, locality = "San Francisco"): AvailableNumber {
  return {
    phoneNumber,
    friendlyName: phoneNumber,
    locality,
    region: "CA",
    countryCode: "US",
    capabilities: { voice: true, sms: true, mms: false },
    monthlyCostCents: 300,
    currency: "USD",
    addressRequired: false,
  };
}

function aNumber(values: Partial<PhoneNumber> = {}): PhoneNumber {
  return {
    id: NUMBER_ID,
    phoneNumber: "+14155550123",
    name: "Support line",
    countryCode: "US",
    locality: "San Francisco",
    capabilities: { voice: true, sms: true, mms: false },
    aiEmployee: { id: SOFIA, name: "Sofía", departmentName: "Support" },
    status: "active",
    monthlyCostCents: 300,
    currency: "USD",
    provider: "simulated",
    purchasedAt: "2026-11-10T09:00:00.000Z",
    releasedAt: null,
    ...values,
  };
}

function serveMe(role: CompanyRole) {
  const me = meInCompany(COMPANY, role);
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
}

const refuse = (description: string) => ({ error: "refused", error_description: description });

describe("the add-phone-number modal", () => {
  const renderDialog = async (onClose = vi.fn()) => {
    renderInCompany(<AddNumberDialog companyId={COMPANY} open onClose={onClose} employees={employees} />, {
      companyId: COMPANY,
    });
    return { onClose, dialog: await screen.findByRole("dialog", { name: "Add phone number" }) };
  };

  it("searches by country and area code, confirms the price, then buys the chosen number", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/phone_numbers/available.json"] = (_req, res) =>
      sendJson(
        res,
        200,
        snakeizeKeys({ availableNumbers: [available("+14155550101"), available("+14155550102", "Oakland")] }),
      );
    api.routes["POST /app/phone_numbers.json"] = (_req, res) =>
      sendJson(res, 201, snakeizeKeys(aNumber({ phoneNumber: "+14155550102", name: "Front desk" })));
    const { onClose, dialog } = await renderDialog();

    expect(within(dialog).getByRole("combobox", { name: "Country" })).toHaveValue("US");
    expect(within(dialog).getByRole("button", { name: "Continue" })).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Area code (optional)" }), "415");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));

    const choices = await within(dialog).findAllByRole("radio");
    expect(choices).toHaveLength(2);
    expect(api.requests.at(-1)?.path).toBe("/app/phone_numbers/available.json?country_code=US&area_code=415");
    expect(within(dialog).getByText("(415) 555-0102")).toBeInTheDocument();
    expect(within(dialog).getByText("Oakland, CA")).toBeInTheDocument();

    // Continue without a choice says what is missing.
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByText("Choose one of the numbers found")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: /\(415\) 555-0102/ }));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Answered by" }), "Max · Sales");
    await user.type(within(dialog).getByRole("textbox", { name: "Name (optional)" }), "Front desk");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    const confirm = screen.getByRole("dialog", { name: "Buy this number?" });
    expect(within(confirm).getByTestId("confirm-number")).toHaveTextContent("(415) 555-0102");
    expect(within(confirm).getByTestId("price-notice")).toHaveTextContent("$3.00 per month, charged from today.");
    expect(within(confirm).getByText("Max · Sales")).toBeInTheDocument();
    // Nothing is bought before the confirmation.
    expect(api.requests.some((request) => request.method === "POST")).toBe(false);

    await user.click(within(confirm).getByRole("button", { name: "Buy number" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const buy = api.requests.find((request) => request.method === "POST");
    expect(buy?.body).toEqual({ phone_number: "+14155550102", name: "Front desk", ai_employee_id: employees[1]?.id });
    expect(getToasts().at(-1)?.title).toBe("(415) 555-0102 is yours");
  });

  it("checks the digits before asking, and says so by the field", async () => {
    const user = userEvent.setup();
    const { dialog } = await renderDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Area code (optional)" }), "4a");
    await user.type(within(dialog).getByRole("textbox", { name: "Contains (optional)" }), "7");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(within(dialog).getByRole("textbox", { name: "Area code (optional)" })).toHaveAccessibleDescription(
      "An area code is 2 to 5 digits",
    );
    expect(within(dialog).getByRole("textbox", { name: "Contains (optional)" })).toHaveAccessibleDescription(
      "Enter 2 to 10 digits to look for",
    );
    expect(api.requests).toHaveLength(0);
  });

  it("says when none are found, keeping what was typed", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/phone_numbers/available.json"] = (_req, res) => sendJson(res, 404, refuse(NO_NUMBERS_FOUND));
    const { dialog } = await renderDialog();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Country" }), "GB");
    await user.type(within(dialog).getByRole("textbox", { name: "Area code (optional)" }), "533");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent(NO_NUMBERS_FOUND);
    expect(within(dialog).getByRole("combobox", { name: "Country" })).toHaveValue("GB");
    expect(within(dialog).getByRole("textbox", { name: "Area code (optional)" })).toHaveValue("533");
    expect(within(dialog).getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("goes back to the list without a number taken meanwhile, saying why", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/phone_numbers/available.json"] = (_req, res) =>
      sendJson(res, 200, snakeizeKeys({ availableNumbers: [available("+14155550101"), available("+14155550102")] }));
    api.routes["POST /app/phone_numbers.json"] = (_req, res) => sendJson(res, 409, refuse(NUMBER_UNAVAILABLE));
    const { onClose, dialog } = await renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    await user.click(await within(dialog).findByRole("radio", { name: /555-0101/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.click(screen.getByRole("button", { name: "Buy number" }));

    const back = await screen.findByRole("dialog", { name: "Add phone number" });
    expect(within(back).getByRole("alert")).toHaveTextContent(NUMBER_UNAVAILABLE);
    expect(within(back).getAllByRole("radio")).toHaveLength(1);
    expect(within(back).queryByRole("radio", { name: /555-0101/ })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("the call timer", () => {
  afterEach(() => vi.useRealTimers());

  it("runs in minutes:seconds from the answer, and shows the duration once ended", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T10:01:01.000Z"));
    const answeredAt = "2026-11-21T10:00:00.000Z";
    const { rerender } = render(
      <CallTimer call={{ status: "in_progress", answeredAt, endedAt: null, durationSeconds: null }} />,
    );
    const timer = screen.getByRole("timer", { name: "Call time" });
    expect(timer).toHaveTextContent("1:01");
    // Each tick lands just after the second turns.
    act(() => vi.advanceTimersByTime(1050));
    expect(timer).toHaveTextContent("1:02");
    act(() => vi.advanceTimersByTime(58_000));
    expect(timer).toHaveTextContent("2:00");
    rerender(
      <CallTimer
        call={{ status: "completed", answeredAt, endedAt: "2026-11-21T10:02:05.000Z", durationSeconds: 125 }}
      />,
    );
    expect(timer).toHaveTextContent("2:05");
    act(() => vi.advanceTimersByTime(10_000));
    expect(timer).toHaveTextContent("2:05");
  });

  it("shows 0:00 until the call is answered, and hours from the first hour", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T11:00:00.000Z"));
    const { rerender } = render(
      <CallTimer call={{ status: "ringing", answeredAt: null, endedAt: null, durationSeconds: null }} />,
    );
    expect(screen.getByRole("timer")).toHaveTextContent("0:00");
    rerender(
      <CallTimer
        call={{ status: "in_progress", answeredAt: "2026-11-21T10:00:00.000Z", endedAt: null, durationSeconds: null }}
      />,
    );
    expect(screen.getByRole("timer")).toHaveTextContent("1:00:00");
  });
});

/** A call the "server" moves along as the test says. */
function serveCall() {
  const now = Date.now();
  const state: CallDetail = {
    id: CALL_ID,
    number: 7,
    direction: "outbound",
    from: "+14155550123",
    to: TEST_CALL_NUMBER,
    phoneNumberId: NUMBER_ID,
    aiEmployee: { id: SOFIA, name: "Sofía" },
    customer: null,
    status: "queued",
    durationSeconds: null,
    startedAt: new Date(now).toISOString(),
    answeredAt: null,
    endedAt: null,
    outcome: null,
    isTest: true,
    turns: [],
    recording: null,
    conversationId: null,
    tickets: [],
    orders: [],
    agentRunIds: [],
  };
  const turn = (speaker: CallTurn["speaker"], text: string, answerMs: number | null = null): CallTurn => ({
    seq: state.turns.length + 1,
    speaker,
    text,
    confidence: speaker === "caller" ? 0.9 : null,
    answerMs,
    at: new Date().toISOString(),
  });
  const listRow = (): Call => {
    const { turns: _t, recording: _r, conversationId: _c, tickets: _k, orders: _o, agentRunIds: _a, ...row } = state;
    return row;
  };
  api.routes["POST /app/calls.json"] = (_req, res) => sendJson(res, 201, snakeizeKeys(listRow()));
  api.routes["GET /app/calls.json"] = (_req, res) => sendJson(res, 200, snakeizeKeys({ calls: [listRow()], total: 1 }));
  api.routes[`GET /app/calls/${CALL_ID}.json`] = (_req, res) => sendJson(res, 200, snakeizeKeys(state));
  api.routes[`POST /app/calls/${CALL_ID}/say.json`] = (req, res) => {
    const { text } = req.body as { text: string };
    state.turns.push(turn("caller", text));
    state.turns.push(turn("ai", `You said: ${text}`, 420));
    sendJson(res, 200, snakeizeKeys(state));
  };
  api.routes[`POST /app/calls/${CALL_ID}/hangup.json`] = (_req, res) => {
    Object.assign(state, {
      status: "completed",
      endedAt: new Date().toISOString(),
      durationSeconds: 42,
      outcome: "answered",
    });
    sendJson(res, 200, snakeizeKeys(listRow()));
  };
  const answer = () => {
    state.status = "in_progress";
    state.answeredAt = new Date(Date.now() - 5000).toISOString();
    state.turns.push(turn("ai", "Hi, this is Sofía from Northwind. How can I help?"));
  };
  return { state, answer };
}

describe("the call interface", () => {
  const renderInterface = (numbers: PhoneNumber[] = [aNumber()]) =>
    renderInCompany(
      <CallInterface companyId={COMPANY} numbers={numbers} provider="simulated" employees={employees} />,
      { companyId: COMPANY, path: "/phones?tab=calls" },
    );

  it("places a test call, follows it live, sends what the caller says and hangs up", async () => {
    const user = userEvent.setup();
    const call = serveCall();
    renderInterface();
    const form = await screen.findByRole("region", { name: "Call interface" });
    expect(within(form).getByRole("switch", { name: "Test call" })).toBeChecked();
    expect(within(form).getByRole("textbox", { name: "To" })).toHaveValue(TEST_CALL_NUMBER);
    expect(within(form).getByRole("combobox", { name: "AI employee" })).toHaveDisplayValue("The number's: Sofía");
    expect(within(form).getByText("No call in progress")).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Call" }));
    const live = await screen.findByTestId("live-call");
    expect(api.requests.find((request) => request.path === "/app/calls.json")?.body).toEqual({
      phone_number_id: NUMBER_ID,
      to: TEST_CALL_NUMBER,
      test: true,
    });
    expect(within(live).getByTestId("call-status")).toHaveTextContent("Queued");
    expect(within(live).getByRole("timer")).toHaveTextContent("0:00");
    // One call at a time: the form waits while it lasts.
    expect(within(form).getByRole("button", { name: "Call" })).toBeDisabled();

    // The provider answers: the next poll shows it, the timer runs from the answer.
    call.answer();
    await waitFor(() => expect(within(live).getByTestId("call-status")).toHaveTextContent("In progress"));
    await waitFor(() => expect(within(live).getByRole("timer").textContent).toMatch(/^0:0[5-9]$/));
    expect(within(live).getByText("Hi, this is Sofía from Northwind. How can I help?")).toBeInTheDocument();

    // The keyboard is on the caller's words as soon as the call is answered.
    const box = within(live).getByRole("textbox", { name: "What the caller says" });
    expect(box).toHaveFocus();
    await user.type(box, "Where is my order?{Enter}");
    await within(live).findByText("You said: Where is my order?");
    expect(
      within(live)
        .getAllByTestId("answer-time")
        .map((item) => item.textContent),
    ).toEqual(["answered in 0.4 s"]);
    expect(box).toHaveValue("");
    await user.type(box, "Thanks{Enter}");
    await within(live).findByText("You said: Thanks");
    const turns = within(live).getAllByTestId("call-turn");
    expect(turns.map((item) => item.dataset.speaker)).toEqual(["ai", "caller", "ai", "caller", "ai"]);

    await user.click(within(live).getByRole("button", { name: "Hang up" }));
    await waitFor(() => expect(within(live).getByTestId("call-status")).toHaveTextContent("Completed"));
    expect(within(live).getByRole("timer")).toHaveTextContent("0:42");
    expect(within(live).getByTestId("call-ended")).toHaveTextContent("The call ended after 0:42.");
    expect(within(live).queryByRole("textbox", { name: "What the caller says" })).not.toBeInTheDocument();
    expect(within(live).getByRole("link", { name: "View call" })).toHaveAttribute("href", `/phones/calls/${CALL_ID}`);

    // A new call starts from the form again.
    await user.click(within(live).getByRole("button", { name: "New call" }));
    expect(within(form).getByRole("button", { name: "Call" })).toBeEnabled();
    expect(within(form).getByText("No call in progress")).toBeInTheDocument();
  });

  it("keeps the caller's words when the call refuses them", async () => {
    const user = userEvent.setup();
    const call = serveCall();
    call.answer();
    api.routes[`POST /app/calls/${CALL_ID}/say.json`] = (_req, res) =>
      sendJson(res, 409, refuse("This call has ended"));
    renderInterface();
    await user.click(await screen.findByRole("button", { name: "Call" }));
    const box = await screen.findByRole("textbox", { name: "What the caller says" });
    await user.type(box, "Hello?{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("This call has ended");
    expect(box).toHaveValue("Hello?");
  });

  it("checks the number to call, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    api.routes["POST /app/calls.json"] = (_req, res) => sendJson(res, 422, refuse(NUMBER_HAS_NO_EMPLOYEE));
    renderInterface([
      aNumber(),
      aNumber({
        id: "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5",
        phoneNumber: "+14155550199",
        name: "+14155550199",
        aiEmployee: null,
      }),
    ]);
    const form = await screen.findByRole("region", { name: "Call interface" });
    const to = within(form).getByRole("textbox", { name: "To" });
    await user.clear(to);
    await user.type(to, "555 0100");
    await user.click(within(form).getByRole("button", { name: "Call" }));
    expect(to).toHaveAccessibleDescription(/Enter the number in international format/);
    expect(api.requests).toHaveLength(0);

    // A number nobody answers needs an AI employee named for the call.
    await user.clear(to);
    await user.type(to, "+15550100777");
    await user.selectOptions(within(form).getByRole("combobox", { name: "From" }), "(415) 555-0199");
    expect(within(form).getByRole("combobox", { name: "AI employee" })).toHaveDisplayValue("The number's (nobody yet)");
    await user.click(within(form).getByRole("button", { name: "Call" }));
    expect(within(form).getByRole("combobox", { name: "AI employee" })).toHaveAccessibleDescription(
      "This number has no AI employee: choose one to talk",
    );
    expect(api.requests).toHaveLength(0);

    // The server has the last word.
    await user.selectOptions(within(form).getByRole("combobox", { name: "From" }), "(415) 555-0123 · Support line");
    await user.click(within(form).getByRole("button", { name: "Call" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(NUMBER_HAS_NO_EMPLOYEE);
    expect(within(form).getByRole("button", { name: "Call" })).toBeEnabled();
  });
});

describe("the numbers tab", () => {
  function serveNumbers(numbers: PhoneNumber[]) {
    api.routes["GET /app/phone_numbers.json"] = (_req, res) =>
      sendJson(res, 200, snakeizeKeys({ phoneNumbers: numbers, total: numbers.length, provider: "simulated" }));
    api.routes["GET /app/call_settings.json"] = (_req, res) =>
      sendJson(res, 200, { recording_enabled: false, fallback_number: null });
    api.routes["GET /app/ai_employees.json"] = (_req, res) => sendJson(res, 200, { ai_employees: [], total: 0 });
  }

  it("lists each number with who answers, what it can do and its monthly cost", async () => {
    serveMe("owner");
    serveNumbers([aNumber()]);
    renderInCompany(<NumbersSection companyId={COMPANY} canManage onAddNumber={vi.fn()} />, { companyId: COMPANY });
    const row = await screen.findByTestId("phone-number-row");
    expect(within(row).getByTestId("phone-number")).toHaveTextContent("(415) 555-0123");
    expect(row).toHaveTextContent("Support line");
    expect(row).toHaveTextContent("Sofía");
    expect(row).toHaveTextContent("Support");
    expect(within(row).getByRole("list", { name: "Capabilities" })).toHaveTextContent("VoiceSMS");
    expect(within(row).getByRole("cell", { name: "$3.00" })).toHaveClass("text-right");
    expect(within(row).getByText("Active")).toBeInTheDocument();
  });

  it("releases a number after a confirmation that says billing stops that day", async () => {
    const user = userEvent.setup();
    serveMe("admin");
    serveNumbers([aNumber()]);
    api.routes[`DELETE /app/phone_numbers/${NUMBER_ID}.json`] = (_req, res) => {
      serveNumbers([]);
      sendJson(res, 200, snakeizeKeys(aNumber({ status: "released", releasedAt: new Date().toISOString() })));
    };
    renderInCompany(<NumbersSection companyId={COMPANY} canManage onAddNumber={vi.fn()} />, { companyId: COMPANY });
    await user.click(await screen.findByRole("button", { name: "Actions for (415) 555-0123" }));
    await user.click(await screen.findByRole("menuitem", { name: "Release number" }));
    const confirm = await screen.findByRole("dialog", { name: "Release (415) 555-0123?" });
    expect(confirm).toHaveTextContent("Billing for it stops today");
    await user.click(within(confirm).getByRole("button", { name: "Release number" }));
    expect(await screen.findByText("No phone numbers yet")).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === "DELETE")).toBe(true);
  });

  it("shows a member the numbers read-only", async () => {
    const user = userEvent.setup();
    serveMe("member");
    serveNumbers([aNumber()]);
    renderInCompany(<NumbersSection companyId={COMPANY} canManage={false} onAddNumber={vi.fn()} />, {
      companyId: COMPANY,
    });
    await user.click(await screen.findByRole("button", { name: "Actions for (415) 555-0123" }));
    for (const name of ["Rename", "Assign AI employee", "Release number"])
      expect(await screen.findByRole("menuitem", { name })).toHaveAttribute("data-disabled");
    expect(screen.getByText("Only owners and admins can buy or release phone numbers")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("switch", { name: "Record calls" })).toBeDisabled();
  });
});
