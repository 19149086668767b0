import { LAST_OWNER_ERROR, OWNER_ROLE_REQUIRED } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { type RecordedRequest, sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TeamSettings } from "./team-settings.tsx";

const api = signedInLocalApi();
const COMPANY = "company-28";
const DANA = "9b1f6c1e-0000-4000-8000-0000000000a1";
const ANA = "9b1f6c1e-0000-4000-8000-0000000000a2";
const LEO = "9b1f6c1e-0000-4000-8000-0000000000a3";
const INVITE = "9b1f6c1e-0000-4000-8000-0000000000b1";

// As the server sends them: snake_case.
const member = (extra: object) => ({
  id: DANA,
  first_name: "Dana",
  last_name: "Owens",
  email: "dana@northwind.example",
  role: "owner",
  joined_at: "2026-01-15T10:00:00.000Z",
  two_factor_enabled: true,
  you: false,
  ...extra,
});
const invitation = (extra: object = {}) => ({
  id: INVITE,
  email: "sam@northwind.example",
  role: "member",
  state: "pending",
  invited_by: "Dana Owens",
  created_at: "2026-11-20T10:00:00.000Z",
  last_sent_at: "2026-11-20T10:00:00.000Z",
  expires_at: "2026-11-27T10:00:00.000Z",
  ...extra,
});

/** The team as a given viewer sees it: Dana (owner), Ana (admin), Leo (member). */
function team(viewer: string) {
  return [
    member({ id: DANA, you: viewer === DANA }),
    member({
      id: ANA,
      first_name: "Ana",
      last_name: "Rivera",
      email: "ana@northwind.example",
      role: "admin",
      two_factor_enabled: false,
      you: viewer === ANA,
    }),
    member({
      id: LEO,
      first_name: "Leo",
      last_name: "Park",
      email: "leo@northwind.example",
      role: "member",
      two_factor_enabled: false,
      you: viewer === LEO,
    }),
  ];
}

let members: object[];
let invitations: object[];
let calls: RecordedRequest[];
beforeEach(() => {
  members = team(DANA);
  invitations = [invitation()];
  calls = [];
  api.routes["GET /app/members.json"] = (_req, res) => sendJson(res, 200, { members });
  api.routes["GET /app/invitations.json"] = (_req, res) => sendJson(res, 200, { invitations });
});

function render() {
  return renderInCompany(<TeamSettings companyName="Northwind" />, { companyId: COMPANY });
}

const row = async (name: string) => {
  const rows = await screen.findAllByTestId("member-row");
  const found = rows.find((candidate) => within(candidate).queryByText(name));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};
const toastTitles = () => getToasts().map((toast) => toast.title);

describe("Settings → Team", () => {
  it("lists the members with their role, two-factor, the day they joined and who is you", async () => {
    render();
    const dana = await row("Dana Owens");
    expect(dana).toHaveTextContent("dana@northwind.example");
    expect(within(dana).getByText("You")).toBeInTheDocument();
    expect(within(dana).getAllByText("2FA on").length).toBeGreaterThan(0);
    expect(dana).toHaveTextContent("January 15, 2026");
    const ana = await row("Ana Rivera");
    expect(within(ana).queryByText("You")).not.toBeInTheDocument();
    expect(within(ana).getAllByText("2FA off").length).toBeGreaterThan(0);
    // An owner changes anyone's role, owner included.
    const anaRole = within(ana).getByRole("combobox", { name: "Role of Ana Rivera" });
    expect(anaRole).toHaveValue("admin");
    expect(
      within(anaRole)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Owner", "Admin", "Member"]);
    // Every call names the company.
    expect(api.requests.find((request) => request.path === "/app/members.json")?.headers["x-company-id"]).toBe(COMPANY);
  });

  it("shows members the list read-only, saying who can manage, without the invitations", async () => {
    members = team(LEO);
    render();
    const leo = await row("Leo Park");
    expect(within(leo).getByText("You")).toBeInTheDocument();
    expect(
      screen.getByText("Only owners and admins can invite people, change roles and remove members."),
    ).toBeVisible();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove|Invite/ })).not.toBeInTheDocument();
    expect(within(await row("Ana Rivera")).getByText("Admin")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Invitations" })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === "/app/invitations.json")).toBe(false);
  });

  it("lets an admin manage admins and members but not owners, nor make one", async () => {
    members = team(ANA);
    render();
    const dana = await row("Dana Owens");
    expect(within(dana).queryByRole("combobox")).not.toBeInTheDocument();
    expect(within(dana).getByText("Owner")).toBeInTheDocument();
    expect(within(dana).getByRole("button", { name: "Remove Dana Owens" })).toBeDisabled();
    expect(within(dana).getByText("Remove").closest("[tabindex='0']")).not.toBeNull();
    const leoRole = within(await row("Leo Park")).getByRole("combobox", { name: "Role of Leo Park" });
    expect(
      within(leoRole)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Member"]);
  });

  it("changes a role at once and says so", async () => {
    api.routes[`PATCH /app/members/${LEO}.json`] = (req, res) => {
      calls.push(req);
      members = team(DANA).map((m) => (m.id === LEO ? { ...m, role: "admin" } : m));
      sendJson(res, 200, { member: members[2] });
    };
    const user = userEvent.setup();
    render();
    await user.selectOptions(
      within(await row("Leo Park")).getByRole("combobox", { name: "Role of Leo Park" }),
      "Admin",
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ role: "admin" });
    expect(calls[0]?.headers["x-company-id"]).toBe(COMPANY);
    await waitFor(() => expect(toastTitles()).toContain("Leo Park is now an admin"));
    await waitFor(() =>
      expect(within(screen.getAllByTestId("member-row")[2]!).getByRole("combobox")).toHaveValue("admin"),
    );
  });

  it("asks before giving the owner role; the select shows the choice until it is saved or cancelled", async () => {
    api.routes[`PATCH /app/members/${ANA}.json`] = (req, res) => {
      calls.push(req);
      members = team(DANA).map((m) => (m.id === ANA ? { ...m, role: "owner" } : m));
      sendJson(res, 200, {});
    };
    const user = userEvent.setup();
    render();
    const select = within(await row("Ana Rivera")).getByRole("combobox", { name: "Role of Ana Rivera" });
    await user.selectOptions(select, "Owner");
    let dialog = await screen.findByRole("dialog", { name: "Make Ana Rivera an owner?" });
    expect(select).toHaveValue("owner");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(select).toHaveValue("admin");
    expect(calls).toHaveLength(0);

    await user.selectOptions(select, "Owner");
    dialog = await screen.findByRole("dialog", { name: "Make Ana Rivera an owner?" });
    await user.click(within(dialog).getByRole("button", { name: "Make owner" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.map((call) => call.body)).toEqual([{ role: "owner" }]);
    expect(toastTitles()).toContain("Ana Rivera is now an owner");
    expect(within(await row("Ana Rivera")).getByRole("combobox")).toHaveValue("owner");
  });

  it("asks before changing one's own role, and shows the last-owner refusal in the server's words", async () => {
    api.routes[`PATCH /app/members/${DANA}.json`] = (req, res) => {
      calls.push(req);
      sendJson(res, 409, { error: "last_owner", error_description: LAST_OWNER_ERROR });
    };
    const user = userEvent.setup();
    render();
    // The only owner makes themselves a member: asked first, then refused.
    await user.selectOptions(
      within(await row("Dana Owens")).getByRole("combobox", { name: "Role of Dana Owens" }),
      "Member",
    );
    const dialog = await screen.findByRole("dialog", { name: "Make yourself a member?" });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Make member" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(LAST_OWNER_ERROR);
    expect(calls[0]?.body).toEqual({ role: "member" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Nothing changed on screen.
    expect(within(await row("Dana Owens")).getByRole("combobox")).toHaveValue("owner");
  });

  it("removes a member after asking, and a refused removal stays in the dialog", async () => {
    let attempts = 0;
    api.routes[`DELETE /app/members/${ANA}.json`] = (req, res) => {
      calls.push(req);
      attempts += 1;
      if (attempts === 1) {
        sendJson(res, 403, { error: "forbidden", error_description: OWNER_ROLE_REQUIRED });
        return;
      }
      members = team(DANA).filter((m) => m.id !== ANA);
      res.writeHead(204).end();
    };
    const user = userEvent.setup();
    render();
    await user.click(within(await row("Ana Rivera")).getByRole("button", { name: "Remove Ana Rivera" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Ana Rivera?" });
    expect(dialog).toHaveTextContent("loses access to Northwind at once");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(OWNER_ROLE_REQUIRED);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.map((call) => call.method)).toEqual(["DELETE", "DELETE"]);
    await waitFor(() => expect(screen.getAllByTestId("member-row")).toHaveLength(2));
    expect(toastTitles()).toContain("Ana Rivera was removed");
  });

  it("invites by email and role: checks the address, then puts the server's refusal on its field", async () => {
    let attempts = 0;
    api.routes["POST /app/invitations.json"] = (req, res) => {
      calls.push(req);
      attempts += 1;
      if (attempts === 1) {
        sendJson(res, 422, {
          error: "validation_failed",
          error_description: "Validation failed",
          details: [{ field: "email", message: "Is already a member of this company" }],
        });
        return;
      }
      if (attempts === 2) {
        sendJson(res, 429, { error: "too_many_requests", error_description: "Too many invitations. Try again later." });
        return;
      }
      invitations = [invitation({ id: "new", email: "kim@northwind.example", role: "admin" }), ...invitations];
      sendJson(res, 201, invitations[0]);
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Invite someone" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite someone" });
    const email = within(dialog).getByLabelText("Email");
    const role = within(dialog).getByLabelText("Role");
    expect(role).toHaveValue("member");
    expect(role).toHaveAccessibleDescription(/approves only when the company allows/);

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(email).toHaveAccessibleDescription("Required");
    await user.type(email, "not an address");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(email).toHaveAccessibleDescription("Invalid email address");
    expect(calls).toHaveLength(0);

    await user.clear(email);
    await user.type(email, " Ana@Northwind.example ");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Is already a member of this company"));
    expect(calls[0]?.body).toEqual({ email: "ana@northwind.example", role: "member" });

    await user.clear(email);
    await user.type(email, "kim@northwind.example");
    await user.selectOptions(role, "Admin");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too many invitations. Try again later.");

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls[2]?.body).toEqual({ email: "kim@northwind.example", role: "admin" });
    expect(toastTitles()).toContain("Invitation sent to kim@northwind.example");
    expect(await screen.findAllByTestId("invitation")).toHaveLength(2);
  });

  it("does not offer an admin the owner role in the invitation", async () => {
    members = team(ANA);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Invite someone" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite someone" });
    expect(
      within(within(dialog).getByLabelText("Role"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Admin", "Member"]);
  });

  it("lists invitations with their state; a pending one is sent again or revoked after asking, an expired one sent again", async () => {
    invitations = [
      invitation(),
      invitation({ id: "i2", email: "old@northwind.example", state: "expired" }),
      invitation({ id: "i3", email: "in@northwind.example", state: "accepted", role: "admin" }),
      invitation({ id: "i4", email: "no@northwind.example", state: "revoked", invited_by: null }),
    ];
    api.routes[`POST /app/invitations/${INVITE}/resend.json`] = (req, res) => {
      calls.push(req);
      sendJson(res, 200, invitation({ last_sent_at: new Date().toISOString() }));
    };
    api.routes[`DELETE /app/invitations/${INVITE}.json`] = (req, res) => {
      calls.push(req);
      invitations = invitations.map((item) =>
        (item as { id: string }).id === INVITE ? invitation({ state: "revoked" }) : item,
      );
      res.writeHead(204).end();
    };
    const user = userEvent.setup();
    render();
    const items = await screen.findAllByTestId("invitation");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("sam@northwind.example"),
      expect.stringContaining("old@northwind.example"),
      expect.stringContaining("in@northwind.example"),
      expect.stringContaining("no@northwind.example"),
    ]);
    const [sam, old, accepted, revoked] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(sam).getByText("Pending")).toBeInTheDocument();
    expect(sam).toHaveTextContent("Invited by Dana Owens");
    expect(sam).toHaveTextContent("expires November 27, 2026");
    expect(within(old).getByText("Expired")).toBeInTheDocument();
    expect(within(accepted).getByText("Accepted")).toBeInTheDocument();
    expect(within(revoked).getByText("Revoked")).toBeInTheDocument();
    // A pending invitation can be sent again or revoked, an expired one sent again, the others neither.
    expect(
      within(old)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Resend the invitation to old@northwind.example"]);
    for (const done of [accepted, revoked]) expect(within(done).queryByRole("button")).not.toBeInTheDocument();

    await user.click(within(sam).getByRole("button", { name: "Resend the invitation to sam@northwind.example" }));
    await waitFor(() => expect(toastTitles()).toContain("Invitation sent again to sam@northwind.example"));
    await user.click(within(sam).getByRole("button", { name: "Revoke the invitation to sam@northwind.example" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the invitation to sam@northwind.example?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /app/invitations/${INVITE}/resend.json`,
      `DELETE /app/invitations/${INVITE}.json`,
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument());
  });

  it("says when no invitation was sent", async () => {
    invitations = [];
    render();
    expect(await screen.findByText("No invitations")).toBeInTheDocument();
  });

  it("shows the failure to load the members with a way to try again", async () => {
    api.routes["GET /app/members.json"] = (_req, res) =>
      sendJson(res, 403, { error: "forbidden", error_description: "Nope" });
    render();
    expect(await screen.findByText("Couldn't load the members")).toBeInTheDocument();
    expect(screen.getByText("Nope")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
