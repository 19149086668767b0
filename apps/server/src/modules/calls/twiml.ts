// TwiML, the XML a voice webhook answers with: a <Response> of verbs the provider carries out in order.
// Only the verbs the calls use, each a function; every text and attribute is escaped here, so the words
// of an AI reply or a company's name can never end an element or open another.

/** A rendered verb (or noun) of a TwiML document. */
export type TwimlNode = { readonly xml: string };

type Attributes = Record<string, string | number | boolean | undefined>;

// Characters XML 1.0 cannot carry at all (control characters other than tab and line breaks, lone
// surrogates, U+FFFE/U+FFFF): dropped rather than sent to a parser that refuses the whole document.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function element(name: string, attributes: Attributes, content?: string | TwimlNode[]): TwimlNode {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  if (content === undefined || content.length === 0) return { xml: `<${name}${attrs}/>` };
  const inner = typeof content === "string" ? escapeXml(content) : content.map((node) => node.xml).join("");
  return { xml: `<${name}${attrs}>${inner}</${name}>` };
}

/** The document: the verbs in the order the provider carries them out. */
export function twiml(...verbs: (TwimlNode | null | undefined | false)[]): string {
  const body = verbs
    .filter((verb): verb is TwimlNode => Boolean(verb))
    .map((verb) => verb.xml)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
}

export const say = (text: string, language: string) => element("Say", { language }, text);

export const hangup = () => element("Hangup", {});

export const redirect = (url: string) => element("Redirect", { method: "POST" }, url);

/** Listens for the caller's speech (the nested <Say> can be interrupted) and posts it to `action`. */
export const gatherSpeech = (options: { action: string; language: string; prompt?: TwimlNode }) =>
  element(
    "Gather",
    {
      input: "speech",
      action: options.action,
      method: "POST",
      language: options.language,
      speechTimeout: "auto",
      actionOnEmptyResult: "true",
    },
    options.prompt ? [options.prompt] : undefined,
  );

/** Records the whole call without holding it up; the recording's details are posted to `callbackUrl`. */
export const startRecording = (callbackUrl: string) =>
  element("Start", {}, [
    element("Recording", {
      recordingStatusCallback: callbackUrl,
      recordingStatusCallbackMethod: "POST",
      recordingStatusCallbackEvent: "completed",
    }),
  ]);

/** Rings `number` with our number as the caller id; how it went is posted to `action`. */
export const dial = (options: { number: string; callerId: string; action: string; timeoutSeconds: number }) =>
  element(
    "Dial",
    { callerId: options.callerId, action: options.action, method: "POST", timeout: options.timeoutSeconds },
    [element("Number", {}, options.number)],
  );
