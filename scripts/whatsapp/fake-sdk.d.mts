// Types for the fake Facebook JavaScript SDK's source (fake-sdk.mjs).

export type FakeSignup = {
  code: string;
  phoneNumberId: string;
  wabaId: string;
  businessId: string;
  /** Which signal comes first: the window message (the default) or the login callback. */
  order?: "event_first" | "code_first";
  /** The user closes the signup instead of finishing it. */
  cancel?: boolean;
};

/** The JavaScript served as GET /sdk.js: defines window.FB and calls window.fbAsyncInit. */
export declare function sdkSource(signup: FakeSignup): string;
