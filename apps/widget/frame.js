// @ts-check
// The chat inside the website chat's frame (served by Foreman at /widget/frame, on Foreman's origin):
// opens or resumes the visitor's session, shows the conversation, sends messages and follows the live
// stream. It talks to its host page only through postMessage, to say how large the frame should be.
import { wordsFor } from "./words.js";

/** @typedef {{ id: string, from: "visitor" | "ai" | "staff", author: string | null, body: string, created_at: string }} WidgetMessage */
/** @typedef {{ token: string, company: { name: string }, language: string, greeting: string, color: string, agent_name: string | null, visitor: { name: string | null, email: string | null }, messages: WidgetMessage[] }} WidgetSession */
/** @typedef {{ error?: string, error_description?: string, details?: { field: string, message: string }[] }} ErrorBody */

const MESSAGE_LIMIT = 2000;
/** The counter shows from here on. */
const COUNTER_FROM = MESSAGE_LIMIT - 200;
/** How long "typing…" waits for an answer before it gives up. */
const TYPING_TIMEOUT_MS = 90_000;

const params = new URLSearchParams(location.search);
const key = params.get("key") ?? "";
const hostOrigin = params.get("origin") ?? "";
const tokenKey = `foreman-widget:${key}`;
const openKey = `foreman-widget:${key}:open`;

/** Storage can be refused (privacy settings): the chat then lasts as long as the page. */
const store = {
  get: (/** @type {Storage | undefined} */ area, /** @type {string} */ name) => {
    try {
      return area?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  set: (/** @type {Storage | undefined} */ area, /** @type {string} */ name, /** @type {string | null} */ value) => {
    try {
      if (value === null) area?.removeItem(name);
      else area?.setItem(name, value);
    } catch {
      // nothing to do
    }
  },
};
const local = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();
const perTab = (() => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
})();

/** Tells the host page's loader how large to make the frame. */
function tellHost(/** @type {"hidden" | "closed" | "open"} */ state) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage({ type: "foreman-chat", state }, new URL(hostOrigin).origin);
  } catch {
    // An origin that is not one: the frame stays as the loader made it.
  }
}

// ---------------------------------------------------------------------------------------------------
// The API

class ApiError extends Error {
  constructor(/** @type {number} */ status, /** @type {ErrorBody} */ body) {
    super(body.details?.[0]?.message ?? body.error_description ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** @type {string | null} */
let token = null;

/**
 * @template T
 * @param {string} path
 * @param {{ method?: string, body?: unknown }} [options]
 * @returns {Promise<T>}
 */
async function api(path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    cache: "no-store",
  });
  if (response.status === 204) return /** @type {T} */ (undefined);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

// ---------------------------------------------------------------------------------------------------
// The page

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean>} [attributes]
 * @param {(Node | string)[]} [children]
 */
function h(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    if (name === "text") element.textContent = String(value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children);
  return element;
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** A 24×24 stroke icon from path data. */
function icon(/** @type {string} */ d) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", d);
  svg.append(path);
  return svg;
}
const CHAT_ICON = "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z";
const CLOSE_ICON = "M6 6l12 12M18 6L6 18";
const SEND_ICON = "M4 12l16-8-6 16-2-7-8-1z";

/** Black or white text, whichever reads on the accent colour. */
function textOn(/** @type {string} */ hex) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return "#ffffff";
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance > 0.4 ? "#111111" : "#ffffff";
}

/** The chat, built once the session is open. */
function buildChat(/** @type {WidgetSession} */ session) {
  const words = wordsFor(session.language);
  document.documentElement.lang = session.language;
  const root = document.documentElement;
  if (/^#[0-9a-f]{6}$/i.test(session.color)) {
    root.style.setProperty("--accent", session.color);
    root.style.setProperty("--on-accent", textOn(session.color));
  }
  const title = session.agent_name ?? session.company.name;

  const launcher = h("button", {
    type: "button",
    class: "launcher",
    "aria-label": words.openChat,
    "aria-expanded": "false",
    "aria-controls": "panel",
  });
  launcher.append(icon(CHAT_ICON));

  const close = h("button", { type: "button", class: "icon-button", "aria-label": words.closeChat });
  close.append(icon(CLOSE_ICON));
  const header = h("header", { class: "head" }, [
    h("span", { class: "avatar", "aria-hidden": "true", text: title.slice(0, 1).toUpperCase() }),
    h("div", { class: "who" }, [
      h("h1", { id: "chat-title", text: title }),
      h("p", { text: session.agent_name ? session.company.name : words.chatWith }),
    ]),
    close,
  ]);

  const log = h("div", {
    class: "log",
    role: "log",
    "aria-live": "polite",
    "aria-label": words.messages,
    tabindex: "0",
  });
  if (session.greeting) log.append(h("p", { class: "bubble from-ai greeting", text: session.greeting }));
  const typing = h("p", { class: "typing", role: "status" });

  const detailsToggle = h("button", {
    type: "button",
    class: "link",
    "aria-expanded": "false",
    "aria-controls": "visitor",
  });
  const nameInput = /** @type {HTMLInputElement} */ (
    h("input", { id: "visitor-name", name: "name", autocomplete: "name", maxlength: "80" })
  );
  const emailInput = /** @type {HTMLInputElement} */ (
    h("input", { id: "visitor-email", name: "email", type: "email", autocomplete: "email", maxlength: "254" })
  );
  const nameError = h("p", { class: "field-error", id: "visitor-name-error" });
  const emailError = h("p", { class: "field-error", id: "visitor-email-error" });
  nameInput.setAttribute("aria-describedby", nameError.id);
  emailInput.setAttribute("aria-describedby", emailError.id);
  const visitorForm = h("form", { id: "visitor", class: "visitor", hidden: true, novalidate: true }, [
    h("p", { class: "hint", text: words.detailsHint }),
    h("label", { for: nameInput.id, text: words.name }),
    nameInput,
    nameError,
    h("label", { for: emailInput.id, text: words.email }),
    emailInput,
    emailError,
    h("div", { class: "row" }, [
      h("button", { type: "button", class: "secondary", "data-cancel": true, text: words.cancel }),
      h("button", { type: "submit", class: "primary", text: words.save }),
    ]),
  ]);
  const detailsStatus = h("p", { class: "saved", role: "status" });

  const textarea = /** @type {HTMLTextAreaElement} */ (
    h("textarea", {
      id: "message",
      rows: "1",
      placeholder: words.placeholder,
      "aria-describedby": "message-error message-counter",
    })
  );
  const counter = h("p", { id: "message-counter", class: "counter", "aria-live": "polite" });
  const error = h("p", { id: "message-error", class: "error", role: "alert" });
  const send = h("button", { type: "submit", class: "send", "aria-label": words.send });
  send.append(icon(SEND_ICON));
  const compose = h("form", { class: "compose", novalidate: true }, [
    h("label", { for: textarea.id, class: "sr-only", text: words.yourMessage }),
    textarea,
    send,
  ]);

  const panel = h(
    "section",
    { id: "panel", class: "panel", role: "dialog", "aria-labelledby": "chat-title", hidden: true },
    [
      header,
      log,
      typing,
      h("div", { class: "foot" }, [
        h("div", { class: "details" }, [detailsToggle, detailsStatus]),
        visitorForm,
        error,
        compose,
        counter,
      ]),
    ],
  );
  document.body.append(launcher, panel);

  // ---- Messages

  /** @type {Set<string>} */
  const shown = new Set();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let typingTimer;
  const setTyping = (/** @type {boolean} */ on) => {
    clearTimeout(typingTimer);
    typing.textContent = on ? (session.agent_name ? `${session.agent_name} ${words.typing}` : words.someoneTyping) : "";
    typing.classList.toggle("on", on);
    if (on) typingTimer = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
  };

  const add = (/** @type {WidgetMessage} */ message) => {
    if (shown.has(message.id)) return;
    shown.add(message.id);
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
    const bubble = h("div", { class: `bubble from-${message.from}`, "data-message-id": message.id });
    if (message.from !== "visitor") {
      const who =
        message.from === "staff" ? `${message.author ?? words.staff} · ${words.staff}` : (message.author ?? title);
      bubble.append(h("span", { class: "author", text: who }));
    } else {
      bubble.append(h("span", { class: "sr-only", text: `${words.you}: ` }));
    }
    bubble.append(h("span", { class: "body", text: message.body }));
    log.append(bubble);
    if (message.from !== "visitor") setTyping(false);
    if (nearBottom || message.from === "visitor") log.scrollTop = log.scrollHeight;
  };
  for (const message of session.messages) add(message);

  const showVisitor = (/** @type {WidgetSession["visitor"]} */ visitor) => {
    const known = Boolean(visitor.name || visitor.email);
    detailsToggle.textContent = known ? words.editDetails : words.addDetails;
    nameInput.value = visitor.name ?? "";
    emailInput.value = visitor.email ?? "";
  };
  showVisitor(session.visitor);

  // ---- Open and close

  const focusables = () =>
    /** @type {HTMLElement[]} */ (
      [...panel.querySelectorAll("button, textarea, input, [tabindex='0']")].filter(
        (element) => !(/** @type {HTMLElement} */ (element).closest("[hidden]")),
      )
    );
  const open = (/** @type {{ focus: boolean }} */ { focus }) => {
    tellHost("open");
    panel.hidden = false;
    launcher.hidden = true;
    launcher.setAttribute("aria-expanded", "true");
    store.set(perTab, openKey, "1");
    log.scrollTop = log.scrollHeight;
    if (focus) textarea.focus();
  };
  const shut = () => {
    panel.hidden = true;
    launcher.hidden = false;
    launcher.setAttribute("aria-expanded", "false");
    store.set(perTab, openKey, null);
    tellHost("closed");
    launcher.focus();
  };
  launcher.addEventListener("click", () => open({ focus: true }));
  close.addEventListener("click", shut);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      shut();
      return;
    }
    // While open, Tab cycles inside the chat.
    if (event.key !== "Tab") return;
    const list = focusables();
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  // ---- Writing

  const updateCounter = () => {
    const left = MESSAGE_LIMIT - textarea.value.length;
    counter.textContent =
      textarea.value.length < COUNTER_FROM ? "" : left >= 0 ? words.charactersLeft(left) : words.tooLong(MESSAGE_LIMIT);
    counter.classList.toggle("over", left < 0);
    // Grows with the text up to a few lines.
    textarea.style.setProperty("height", "auto");
    textarea.style.setProperty("height", `${Math.min(textarea.scrollHeight, 120)}px`);
  };
  const showError = (/** @type {string} */ text) => {
    error.textContent = text;
    textarea.setAttribute("aria-invalid", text ? "true" : "false");
  };
  textarea.addEventListener("input", () => {
    updateCounter();
    if (error.textContent) showError("");
  });
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });

  let sending = false;
  compose.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    const body = textarea.value;
    if (!body.trim()) return showError(words.writeSomething);
    sending = true;
    send.setAttribute("aria-label", words.sending);
    send.setAttribute("aria-disabled", "true");
    try {
      const { message } = /** @type {{ message: WidgetMessage }} */ (
        await api("/widget/v1/messages", { method: "POST", body: { body } })
      );
      textarea.value = "";
      updateCounter();
      showError("");
      add(message);
      setTyping(true);
    } catch (failure) {
      // The text stays where it was, with the reason beside it.
      if (failure instanceof ApiError && failure.status === 401) {
        await renew();
        showError(words.sessionRenewed);
      } else if (failure instanceof ApiError && failure.status === 429) showError(words.tooMany);
      else if (failure instanceof ApiError && failure.status < 500) showError(failure.message);
      else showError(words.sendFailed);
    } finally {
      sending = false;
      send.setAttribute("aria-label", words.send);
      send.removeAttribute("aria-disabled");
    }
  });

  // ---- Name and email

  const toggleDetails = (/** @type {boolean} */ show) => {
    visitorForm.hidden = !show;
    detailsToggle.setAttribute("aria-expanded", String(show));
    detailsStatus.textContent = "";
    if (show) nameInput.focus();
    else detailsToggle.focus();
  };
  detailsToggle.addEventListener("click", () => toggleDetails(visitorForm.hidden));
  visitorForm.querySelector("[data-cancel]")?.addEventListener("click", () => toggleDetails(false));
  visitorForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    nameError.textContent = "";
    emailError.textContent = "";
    try {
      const { visitor } = /** @type {{ visitor: WidgetSession["visitor"] }} */ (
        await api("/widget/v1/visitor", { method: "PATCH", body: { name: nameInput.value, email: emailInput.value } })
      );
      showVisitor(visitor);
      toggleDetails(false);
      detailsStatus.textContent = words.saved;
    } catch (failure) {
      const details = failure instanceof ApiError ? (failure.body.details ?? []) : [];
      for (const detail of details) {
        if (detail.field === "name") nameError.textContent = detail.message;
        if (detail.field === "email") emailError.textContent = detail.message;
      }
      if (details.length === 0)
        emailError.textContent = failure instanceof ApiError ? failure.message : words.sendFailed;
      (emailError.textContent ? emailInput : nameInput).focus();
    }
  });

  launcher.classList.add("ready");
  if (store.get(perTab, openKey)) open({ focus: false });
  else tellHost("closed");
  return { add, showVisitor };
}

// ---------------------------------------------------------------------------------------------------
// The session and the live stream

/** @type {ReturnType<typeof buildChat> | null} */
let chat = null;

/** Opens (or resumes, with the stored token) the visitor's session. */
async function openSession() {
  const stored = store.get(local, tokenKey);
  const body = { key, origin: hostOrigin, ...(stored ? { token: stored } : {}) };
  const saved = token;
  token = null;
  try {
    const session = /** @type {WidgetSession} */ (await api("/widget/v1/sessions", { method: "POST", body }));
    token = session.token;
    store.set(local, tokenKey, token);
    return session;
  } catch (failure) {
    token = saved;
    throw failure;
  }
}

/** The token was refused: a new visitor session (the old one is gone). */
async function renew() {
  store.set(local, tokenKey, null);
  const session = await openSession();
  for (const message of session.messages) chat?.add(message);
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads `GET /widget/v1/events` (fetch, since EventSource cannot send the token) until it ends. */
async function follow() {
  const response = await fetch("/widget/v1/events", {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    cache: "no-store",
  });
  if (response.status === 401) {
    await renew();
    return true;
  }
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  // Connected: catch up on what arrived while the stream was down.
  const { messages } = /** @type {{ messages: WidgetMessage[] }} */ (await api("/widget/v1/messages"));
  for (const message of messages) chat?.add(message);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let event = "message";
  let data = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    buffer += value;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") {
        if (event === "message" && data) {
          try {
            chat?.add(JSON.parse(data));
          } catch {
            // a broken frame: skip it
          }
        }
        event = "message";
        data = "";
      } else if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += (data ? "\n" : "") + line.slice(5).replace(/^ /, "");
    }
  }
}

async function stayLive() {
  let delay = 1000;
  for (;;) {
    try {
      const connected = await follow();
      if (connected) delay = 1000;
    } catch {
      // fall through to the wait
    }
    await sleep(delay + Math.random() * 500);
    delay = Math.min(delay * 2, 30_000);
  }
}

async function start() {
  let delay = 1000;
  for (;;) {
    try {
      chat = buildChat(await openSession());
      break;
    } catch (failure) {
      // Unknown key, disabled chat, a website that may not use it: the chat stays out of sight.
      if (failure instanceof ApiError && failure.status < 500 && failure.status !== 429) {
        store.set(local, tokenKey, null);
        tellHost("hidden");
        return;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 30_000);
    }
  }
  void stayLive();
}

void start();
