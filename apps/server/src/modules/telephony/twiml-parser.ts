import { Parser } from "htmlparser2";

// TwiML as the simulated provider reads it: the <Response> document's verbs in order, each with its
// attributes, its nested verbs (<Gather>'s <Say>, <Dial>'s <Number>, <Start>'s <Recording>) and its text.
// htmlparser2 (already used for knowledge-base HTML) in XML mode does the tokenising and entities.

export type TwimlVerb = {
  name: string;
  attributes: Record<string, string>;
  children: TwimlVerb[];
  /** The verb's own text (a <Say>'s words, a <Redirect>'s URL, a <Number>'s number), trimmed. */
  text: string;
};

/** The largest TwiML document read (Twilio's own limit is 64 KB). */
export const TWIML_MAX_BYTES = 64 * 1024;

export class TwimlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TwimlError";
  }
}

/** The verbs of a `<Response>` document; a TwimlError when it is not one (Twilio's error 12100). */
export function parseTwiml(document: string): TwimlVerb[] {
  if (Buffer.byteLength(document, "utf8") > TWIML_MAX_BYTES) throw new TwimlError("The TwiML document is too large");
  const root: TwimlVerb = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: TwimlVerb[] = [root];
  const texts = new Map<TwimlVerb, string[]>();
  let unbalanced = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const verb: TwimlVerb = { name, attributes: { ...attributes }, children: [], text: "" };
        stack.at(-1)!.children.push(verb);
        stack.push(verb);
      },
      ontext(data) {
        const current = stack.at(-1)!;
        texts.set(current, [...(texts.get(current) ?? []), data]);
      },
      onclosetag(name, implied) {
        const verb = stack.pop();
        // "Implied" is also how a self-closing <Hangup/> ends; any other implied end (the document
        // ended, or another tag's end tag closed it) means the XML was not well formed.
        const selfClosing = document.slice(parser.startIndex, parser.endIndex + 1).endsWith("/>");
        if ((implied && !selfClosing) || !verb || verb.name !== name || verb === root) unbalanced = true;
        if (verb) verb.text = (texts.get(verb) ?? []).join("").replace(/\s+/g, " ").trim();
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(document);
  parser.end();
  const [response, ...others] = root.children;
  if (unbalanced || stack.length !== 1 || !response || others.length > 0 || response.name !== "Response")
    throw new TwimlError("The answer is not a TwiML <Response> document");
  return response.children;
}

/** A verb's child verbs of one name (`<Number>` in `<Dial>`, `<Recording>` in `<Start>`). */
export const childrenNamed = (verb: TwimlVerb, name: string) => verb.children.filter((child) => child.name === name);
