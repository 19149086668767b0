// A stand-in for Meta's JavaScript SDK (connect.facebook.net/…/sdk.js), served by the fake as GET /sdk.js:
// FB.login completes WhatsApp Embedded Signup at once, so the offline demo and browser tests need no
// Meta account. It keeps the real SDK's two separate signals (a window message and the login callback),
// in either order, because the web app must cope with both.

/**
 * The script's source, with the signup's result written in.
 * @param {{ code: string, phoneNumberId: string, wabaId: string, businessId: string,
 *   order?: "event_first" | "code_first", cancel?: boolean }} signup
 */
export function sdkSource({ code, phoneNumberId, wabaId, businessId, order = "event_first", cancel = false }) {
  const config = JSON.stringify({
    code,
    order,
    cancel,
    data: { phone_number_id: phoneNumberId, waba_id: wabaId, business_id: businessId },
  });
  return `// Fake Facebook SDK (scripts/whatsapp/fake-sdk.mjs): Embedded Signup without Meta.
(function () {
  "use strict";
  var config = ${config};
  var initialized = false;

  function post(message) {
    window.postMessage(JSON.stringify(message), window.location.origin);
  }

  // The window message and the login callback, in the order Meta happens to send them.
  function steps(callback) {
    if (config.cancel) {
      return [
        function () { post({ type: "WA_EMBEDDED_SIGNUP", event: "CANCEL", data: { current_step: "PHONE_NUMBER_SETUP" } }); },
        function () { callback({ authResponse: null, status: "unknown" }); }
      ];
    }
    return [
      function () { post({ type: "WA_EMBEDDED_SIGNUP", event: "FINISH", data: config.data }); },
      function () { callback({ authResponse: { code: config.code }, status: "connected" }); }
    ];
  }

  window.FB = {
    init: function (options) {
      initialized = true;
      window.FB.options = options || {};
    },
    getLoginStatus: function (callback) {
      callback({ authResponse: null, status: "unknown" });
    },
    login: function (callback, options) {
      if (!initialized) {
        console.error("FB.login() called before FB.init().");
        return;
      }
      if (!options || typeof options.config_id !== "string" || options.config_id === "") {
        throw new Error("FB.login: WhatsApp Embedded Signup needs options.config_id");
      }
      // Without response_type "code" Meta answers a user token, not the code the server exchanges.
      if (options.response_type !== "code") console.warn("FB.login: Embedded Signup expects response_type: 'code'");
      var ordered = steps(callback);
      if (config.order === "code_first") ordered.reverse();
      setTimeout(ordered[0], 0);
      setTimeout(ordered[1], 100);
    }
  };

  if (typeof window.fbAsyncInit === "function") window.fbAsyncInit();
})();
`;
}
