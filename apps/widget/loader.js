// @ts-check
// Foreman's website chat loader: the one script a company pastes into its site
// (`<script src="…/widget.js" data-key="…" async>`). It adds a single iframe, the chat, served by
// Foreman from its own origin, so the host page's CSS and scripts cannot reach inside it. Every style is
// set through the CSSOM with !important: host CSS cannot restyle the frame, and a host CSP without
// 'unsafe-inline' styles is fine (no style attribute, no <style>). No globals, nothing thrown.
(() => {
  try {
    const MARK = "data-foreman-chat";
    // Included twice (or by a page's own script loader): one chat is enough.
    if (document.querySelector(`iframe[${MARK}]`)) return;

    /** @type {HTMLScriptElement | null} */
    let script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
    if (!script?.src) {
      const scripts = document.querySelectorAll("script[src]");
      for (let i = scripts.length - 1; i >= 0; i--) {
        const candidate = /** @type {HTMLScriptElement} */ (scripts[i]);
        if (/\/widget\.js(\?|#|$)/.test(candidate.src)) {
          script = candidate;
          break;
        }
      }
    }
    const key = script?.getAttribute("data-key");
    if (!script || !key) return;
    const own = new URL(script.src, location.href).origin;

    const frame = document.createElement("iframe");
    frame.setAttribute(MARK, "");
    frame.title = "Chat";
    frame.src = `${own}/widget/frame?key=${encodeURIComponent(key)}&origin=${encodeURIComponent(location.origin)}`;

    /** @param {Record<string, string>} styles */
    const style = (styles) => {
      for (const name in styles) frame.style.setProperty(name, styles[name], "important");
    };
    // Everything a host stylesheet could plausibly set on an iframe, pinned.
    style({
      position: "fixed",
      top: "auto",
      left: "auto",
      right: "0",
      bottom: "0",
      display: "block",
      visibility: "hidden",
      opacity: "1",
      border: "0 none",
      "border-radius": "0",
      outline: "none",
      margin: "0",
      padding: "0",
      "box-shadow": "none",
      background: "transparent",
      // Same scheme as the frame's own page, so Chromium keeps the frame transparent in dark mode.
      "color-scheme": "light dark",
      filter: "none",
      transform: "none",
      "clip-path": "none",
      mask: "none",
      "mix-blend-mode": "normal",
      transition: "none",
      animation: "none",
      "min-width": "0",
      "min-height": "0",
      "max-width": "100vw",
      "max-height": "100vh",
      "z-index": "2147483000",
      "pointer-events": "auto",
      float: "none",
    });

    const phone = window.matchMedia("(max-width: 480px)");
    /** @type {"hidden" | "closed" | "open"} */
    let state = "hidden";
    const size = () => {
      if (state === "hidden") return style({ visibility: "hidden", width: "0", height: "0" });
      if (state === "closed") return style({ visibility: "visible", width: "88px", height: "88px" });
      if (phone.matches) return style({ visibility: "visible", width: "100vw", height: "100vh" });
      return style({ visibility: "visible", width: "412px", height: "min(632px, 100vh)" });
    };
    size();
    phone.addEventListener?.("change", size);

    // The frame says when it is ready (or refused) and when it opens or closes; only it is listened to.
    window.addEventListener("message", (event) => {
      if (event.origin !== own || event.source !== frame.contentWindow) return;
      const data = event.data;
      if (data?.type !== "foreman-chat") return;
      if (data.state === "hidden" || data.state === "closed" || data.state === "open") {
        state = data.state;
        size();
      }
    });

    const mount = () => (document.body || document.documentElement).appendChild(frame);
    if (document.body) mount();
    else document.addEventListener("DOMContentLoaded", mount, { once: true });
  } catch {
    // The host page must never break because of the chat.
  }
})();
