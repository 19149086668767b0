import { type FinalState, handledBy, noQuote, noTicket } from "../scenario.ts";
import { category, of, theQuote } from "./goals.ts";

// Asking for a person hands the conversation to staff (hand_off); the AI says so once and stops
// answering. A quote made before stays as it was.

const { en, es } = category("human");

/** Staff handle the conversation, and the AI answered only the messages before the hand-off and the hand-off itself. */
function handedOff(final: FinalState, aiReplies: number): string[] {
  return [
    ...handledBy(final, "staff"),
    ...(final.replies.length === aiReplies ? [] : [`expected ${aiReplies} AI replies, found ${final.replies.length}`]),
    ...noTicket(final),
  ];
}

export const HUMAN = [
  en({
    id: "c-en-human-talk-to-a-person",
    title: "“can i talk to a person pls” hands the conversation to staff",
    turns: ["can i talk to a person pls"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  en({
    id: "c-en-human-after-quote",
    title: "Wanting someone from the team after a wrap draft hands off and keeps the draft",
    turns: ["i need 10 rolls of stretch wrap", "actually i'd rather talk to someone on your team"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "draft", lines: [of(10, "NW-WRAP-18")] })],
  }),
  en({
    id: "c-en-human-get-me-a-human",
    title: "“this bot is useless, get me a human” hands off",
    turns: ["this bot is useless, get me a human"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  en({
    id: "c-en-human-big-order",
    title: "A real person about a big order hands off and quotes nothing",
    turns: ["hello?? i want to speak with a real person about a big order"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  en({
    id: "c-en-human-then-silence",
    title: "After the hand-off the AI does not answer “hello anyone there?”",
    turns: ["talk to a person", "hello anyone there?"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  es({
    id: "c-es-human-alguien",
    title: "«quiero hablar con alguien» pasa la conversación al equipo",
    turns: ["quiero hablar con alguien"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  es({
    id: "c-es-human-tras-cotizar",
    title: "Pedir una persona después de un borrador de harina pasa al equipo y deja el borrador",
    turns: ["necesito 2 sacos de harina", "prefiero hablar con una persona"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "draft", lines: [of(2, "AC-HAR-25")] })],
  }),
  es({
    id: "c-es-human-ejecutivo",
    title: "«me pasas con un ejecutivo» pasa la conversación al equipo",
    turns: ["me pasas con un ejecutivo por favor"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  es({
    id: "c-es-human-humano",
    title: "«necesito hablar con un humano» pasa la conversación al equipo",
    turns: ["hola, necesito hablar con un humano"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  es({
    id: "c-es-human-silencio",
    title: "Después de pasar al equipo, la IA no responde «hola??»",
    turns: ["quiero hablar con una persona", "hola??"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
];
