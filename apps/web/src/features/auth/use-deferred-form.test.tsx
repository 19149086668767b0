import { zodResolver } from "@hookform/resolvers/zod";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFormControl } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type FormEngine, type SendOutcome, useDeferredForm } from "./use-deferred-form.ts";

const schema = z.object({ name: z.string().trim().min(1, { error: "Required" }) });
type Values = z.infer<typeof schema>;

type FormProps = { load: () => Promise<FormEngine<Values>>; onSent: () => void };

function Form({ load, onSent }: FormProps) {
  const { field, formError, submitting, formProps } = useDeferredForm(load, onSent);
  const { error, ...input } = field("name");
  return (
    <form {...formProps} noValidate>
      <input aria-label="Name" aria-description={error} {...input} />
      {formError ? <p role="alert">{formError}</p> : null}
      <button type="submit" disabled={submitting}>
        {submitting ? "Sending…" : "Send"}
      </button>
    </form>
  );
}

/** The form on the hook, with an engine whose arrival and answer the test controls. */
function setUp(answer: SendOutcome = { sent: true }) {
  const sent: Values[] = [];
  let arrive: (() => void) | null = null;
  let fail: (() => void) | null = null;
  const load = vi.fn(
    () =>
      new Promise<FormEngine<Values>>((resolve, reject) => {
        const { register, subscribe, handleSubmit } = createFormControl<Values>({ resolver: zodResolver(schema) });
        const engine: FormEngine<Values> = {
          register,
          subscribe,
          handleSubmit,
          send: async (values) => {
            sent.push(values);
            return answer;
          },
        };
        arrive = () => resolve(engine);
        fail = () => reject(new Error("offline"));
      }),
  );
  const onSent = vi.fn();
  render(<Form load={load} onSent={onSent} />);
  return {
    user: userEvent.setup(),
    load,
    onSent,
    sent,
    arrive: () => arrive?.(),
    fail: () => fail?.(),
    input: () => screen.getByLabelText("Name"),
    button: () => screen.getByRole("button"),
  };
}

describe("useDeferredForm", () => {
  it("fetches nothing until the form is used: focus alone (the page's autofocus) does not count", () => {
    const form = setUp();
    act(() => form.input().focus());
    expect(form.input()).toHaveFocus();
    expect(form.load).not.toHaveBeenCalled();
  });

  it("fetches the engine once on the first key press, and sends what was typed before it arrived", async () => {
    const form = setUp();
    await form.user.type(form.input(), "Ada");
    expect(form.load).toHaveBeenCalledTimes(1);
    form.arrive();
    await form.user.click(form.button());
    await waitFor(() => expect(form.onSent).toHaveBeenCalledTimes(1));
    expect(form.sent).toEqual([{ name: "Ada" }]);
    expect(form.input()).toHaveValue("Ada");
  });

  it("holds a submit made before the engine arrives, then validates it", async () => {
    const form = setUp();
    await form.user.click(form.button());
    expect(form.button()).toHaveTextContent("Sending…");
    form.arrive();
    await waitFor(() => expect(form.input()).toHaveAttribute("aria-description", "Required"));
    expect(form.button()).toHaveTextContent("Send");
    expect(form.sent).toEqual([]);
  });

  it("shows the engine's message when sending fails", async () => {
    const form = setUp({ sent: false, formError: "Invalid username or password. Please try again." });
    await form.user.type(form.input(), "Ada");
    form.arrive();
    await form.user.click(form.button());
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid username or password.");
    expect(form.onSent).not.toHaveBeenCalled();
  });

  it("says so when the engine cannot be fetched for a submit, and tries again on the next one", async () => {
    const form = setUp();
    await form.user.click(form.button());
    form.fail();
    expect(await screen.findByRole("alert")).toHaveTextContent("could not finish loading");
    expect(form.button()).toHaveTextContent("Send");
    await form.user.click(form.button());
    expect(form.load).toHaveBeenCalledTimes(2);
  });
});
