import { LOGO_MAX_BYTES, LOGO_NOT_AN_IMAGE, LOGO_TOO_LARGE, type Me, type MemberCompany } from "@foreman/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { stubFormDataAsJson } from "#web/test/stub-form-data.ts";
import { CompanyLogoCard } from "./components/company-logo-card.tsx";

const COMPANY = "company-1";
const LOGO_URL = `/logos/${"ab".repeat(32)}.webp`;
const api = signedInLocalApi();

/** Serves /app/me.json with the selected company as `role` sees it; the returned object can be changed. */
function serveMe(role: MemberCompany["role"], logoSmallUrl: string | null = null) {
  const company: MemberCompany = {
    id: COMPANY,
    name: "Northwind Traders",
    logoSmallUrl,
    role,
    membersMayApprove: false,
    language: "en",
    requireTwoFactor: false,
    timeZone: "UTC",
    currency: "USD",
  };
  const me: Me = {
    id: "u1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    twoFactorEnabled: false,
    company,
    managedCompanies: [company],
  };
  api.routes["GET /app/me.json"] = (_req, res) =>
    sendJson(res, 200, { ...me, company: toWire(company), managed_companies: [toWire(company)] });
  return company;
}

const toWire = (company: MemberCompany) => ({
  id: company.id,
  name: company.name,
  logo_small_url: company.logoSmallUrl,
  role: company.role,
  members_may_approve: company.membersMayApprove,
  language: company.language,
  require_two_factor: company.requireTwoFactor,
});

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CompanyIdProvider companyId={COMPANY}>
        <CompanyLogoCard />
      </CompanyIdProvider>
    </QueryClientProvider>,
  );
}

const meReads = () => api.requests.filter((request) => request.path === "/app/me.json").length;
const posts = () => api.requests.filter((request) => request.method === "POST");
const fileInput = () => screen.getByLabelText("Logo image file");

describe("the company logo card", () => {
  it("lets an owner upload a logo: one multipart POST for the company, then the switcher's data is read again", async () => {
    stubFormDataAsJson();
    const company = serveMe("owner");
    api.routes[`POST /app/companies/${COMPANY}/logo.json`] = (_req, res) => {
      company.logoSmallUrl = LOGO_URL;
      sendJson(res, 200, { logo_small_url: LOGO_URL });
    };
    renderCard();
    const card = await screen.findByRole("region", { name: "Company logo" });
    expect(await within(card).findByText(/everyone in Northwind Traders/)).toBeInTheDocument();
    // No logo yet: the initials, no image.
    expect(within(card).getByTestId("company-logo-preview").querySelector("[data-initials='NT']")).not.toBeNull();
    expect(within(card).queryByRole("button", { name: "Remove" })).toBeNull();
    const readsBefore = meReads();

    await userEvent.upload(fileInput(), new File(["png bytes"], "logo.png", { type: "image/png" }));

    await waitFor(() => expect(screen.getByAltText("Northwind Traders logo")).toHaveAttribute("src", LOGO_URL));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.headers["x-company-id"]).toBe(COMPANY);
    expect(posts()[0]!.body).toEqual({ file: "logo.png" });
    expect(meReads()).toBeGreaterThan(readsBefore);
    expect(getToasts().map((item) => item.title)).toContain("Logo updated");
    expect(screen.getByRole("button", { name: "Remove" })).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses a file over 2 MB or of another type before sending it, with the contract's words", async () => {
    serveMe("admin");
    renderCard();
    await screen.findByRole("button", { name: "Upload logo" });

    await userEvent.upload(
      fileInput(),
      new File([new Uint8Array(LOGO_MAX_BYTES + 1)], "huge.png", { type: "image/png" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(LOGO_TOO_LARGE);

    await userEvent.upload(fileInput(), new File(["GIF89a"], "spinner.gif", { type: "image/gif" }), {
      applyAccept: false,
    });
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(LOGO_NOT_AN_IMAGE));
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal of a file its bytes give away, and keeps the initials", async () => {
    stubFormDataAsJson();
    serveMe("owner");
    api.routes[`POST /app/companies/${COMPANY}/logo.json`] = (_req, res) =>
      sendJson(res, 422, { error: "validation_failed", error_description: LOGO_NOT_AN_IMAGE });
    renderCard();
    await screen.findByRole("button", { name: "Upload logo" });
    await userEvent.upload(fileInput(), new File(["<svg/>"], "renamed.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LOGO_NOT_AN_IMAGE);
    expect(screen.queryByAltText("Northwind Traders logo")).toBeNull();
    // The button is usable again for another try.
    expect(screen.getByRole("button", { name: "Upload logo" })).toBeEnabled();
  });

  it("removes the logo after asking, then shows the initials again", async () => {
    const company = serveMe("owner", LOGO_URL);
    api.routes[`DELETE /app/companies/${COMPANY}/logo.json`] = (_req, res) => {
      company.logoSmallUrl = null;
      sendJson(res, 200, { logo_small_url: null });
    };
    renderCard();
    expect(await screen.findByAltText("Northwind Traders logo")).toHaveAttribute("src", LOGO_URL);
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the company logo?" }, overlayKitWait);
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove logo" }));

    await waitFor(() => expect(screen.queryByAltText("Northwind Traders logo")).toBeNull());
    expect(api.requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(getToasts().map((item) => item.title)).toContain("Logo removed");
  });

  it("shows a member the logo and who can change it, with nothing to press", async () => {
    serveMe("member", LOGO_URL);
    renderCard();
    expect(await screen.findByText(/Only owners and admins can change the logo/)).toBeInTheDocument();
    expect(screen.getByAltText("Northwind Traders logo")).toHaveAttribute("src", LOGO_URL);
    expect(screen.queryByRole("button", { name: "Upload logo" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByLabelText("Logo image file")).toBeNull();
  });

  it("says when the company could not be loaded, and loads it again on request", async () => {
    api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 503, { error: "unavailable" });
    renderCard();
    expect(await screen.findByText("Couldn't load the company")).toBeInTheDocument();
    serveMe("owner");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Upload logo" })).toBeEnabled();
  });
});
