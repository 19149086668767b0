// What is said on a call besides the AI employee's replies, in the call's language, and a written reply
// made fit to be spoken: the provider reads `<Say>` text aloud, so markdown, links and lists would be
// read out symbol by symbol.

/** The languages calls are spoken in, with the BCP-47 tag the provider's speech recogniser and voice take. */
export const CALL_LANGUAGE_TAGS = {
  en: "en-US",
  es: "es-ES",
  pt: "pt-BR",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
} as const;
export type CallLanguage = keyof typeof CALL_LANGUAGE_TAGS;

/**
 * The language a company's calls are spoken in: its first answer language that calls speak, English
 * when none does (a company answering only in Japanese still gets its calls answered).
 */
export function callLanguageOf(answerLanguages: readonly string[]): CallLanguage {
  const spoken = answerLanguages.find((language) => language in CALL_LANGUAGE_TAGS);
  return (spoken as CallLanguage | undefined) ?? "en";
}

/** The call language of a BCP-47 tag as stored on a call ("es-ES" → es); English for any other. */
export function callLanguageOfTag(tag: string): CallLanguage {
  const language = tag.slice(0, 2).toLowerCase();
  return language in CALL_LANGUAGE_TAGS ? (language as CallLanguage) : "en";
}

export type CallPhrases = {
  greeting: (employee: string, company: string) => string;
  recorded: string;
  notInService: string;
  /** The caller said nothing the recogniser understood: asked once more. */
  reprompt: string;
  /** Nothing again: the call ends. */
  goodbyeSilent: string;
  /** The AI employee's answer takes longer than a caller can wait in silence. */
  oneMoment: string;
  connecting: string;
  /** Nobody took the hand-off (no fallback number, or it did not answer): a message instead. */
  leaveMessage: string;
  messageTaken: string;
  /** The AI employee could not answer (its run failed or nobody answers the conversation). */
  cannotAnswer: string;
};

export const CALL_PHRASES: Record<CallLanguage, CallPhrases> = {
  en: {
    greeting: (employee, company) => `Hi, this is ${employee} from ${company}. How can I help?`,
    recorded: "This call is recorded.",
    notInService: "The number you called is not in service. Goodbye.",
    reprompt: "Sorry, I didn't catch that. How can I help?",
    goodbyeSilent: "I can't hear you, so I'll end the call now. Please call again. Goodbye.",
    oneMoment: "One moment.",
    connecting: "Connecting you now.",
    leaveMessage:
      "Nobody from the team can take the call right now. Please leave your name and a short message, and someone will call you back.",
    messageTaken: "Thank you. Someone will call you back soon. Goodbye.",
    cannotAnswer: "Sorry, I can't answer that right now.",
  },
  es: {
    greeting: (employee, company) => `Hola, le habla ${employee} de ${company}. ¿En qué puedo ayudarle?`,
    recorded: "Esta llamada se graba.",
    notInService: "El número al que ha llamado no está en servicio. Adiós.",
    reprompt: "Perdone, no le he entendido. ¿En qué puedo ayudarle?",
    goodbyeSilent: "No le oigo, así que terminaré la llamada. Vuelva a llamar, por favor. Adiós.",
    oneMoment: "Un momento.",
    connecting: "Le paso ahora.",
    leaveMessage:
      "Ahora nadie del equipo puede atender la llamada. Deje su nombre y un mensaje breve, y le llamaremos.",
    messageTaken: "Gracias. Le llamaremos pronto. Adiós.",
    cannotAnswer: "Lo siento, ahora no puedo responder a eso.",
  },
  pt: {
    greeting: (employee, company) => `Olá, aqui é ${employee} da ${company}. Como posso ajudar?`,
    recorded: "Esta chamada é gravada.",
    notInService: "O número para o qual você ligou não está em serviço. Até logo.",
    reprompt: "Desculpe, não entendi. Como posso ajudar?",
    goodbyeSilent: "Não consigo ouvir você, então vou encerrar a chamada. Ligue novamente, por favor. Até logo.",
    oneMoment: "Um momento.",
    connecting: "Vou transferir você agora.",
    leaveMessage:
      "Ninguém da equipe pode atender agora. Deixe seu nome e uma mensagem curta, e retornaremos a ligação.",
    messageTaken: "Obrigado. Retornaremos a ligação em breve. Até logo.",
    cannotAnswer: "Desculpe, não posso responder a isso agora.",
  },
  fr: {
    greeting: (employee, company) => `Bonjour, ici ${employee} de ${company}. Comment puis-je vous aider ?`,
    recorded: "Cet appel est enregistré.",
    notInService: "Le numéro que vous avez appelé n'est pas en service. Au revoir.",
    reprompt: "Pardon, je n'ai pas compris. Comment puis-je vous aider ?",
    goodbyeSilent: "Je ne vous entends pas, je vais donc raccrocher. Merci de rappeler. Au revoir.",
    oneMoment: "Un instant.",
    connecting: "Je vous mets en relation.",
    leaveMessage:
      "Personne de l'équipe ne peut répondre pour le moment. Laissez votre nom et un court message, et nous vous rappellerons.",
    messageTaken: "Merci. Nous vous rappellerons bientôt. Au revoir.",
    cannotAnswer: "Désolé, je ne peux pas répondre à cela pour le moment.",
  },
  de: {
    greeting: (employee, company) => `Hallo, hier ist ${employee} von ${company}. Wie kann ich helfen?`,
    recorded: "Dieser Anruf wird aufgezeichnet.",
    notInService: "Die gewählte Nummer ist nicht in Betrieb. Auf Wiederhören.",
    reprompt: "Entschuldigung, das habe ich nicht verstanden. Wie kann ich helfen?",
    goodbyeSilent: "Ich kann Sie nicht hören und beende den Anruf. Bitte rufen Sie noch einmal an. Auf Wiederhören.",
    oneMoment: "Einen Moment.",
    connecting: "Ich verbinde Sie jetzt.",
    leaveMessage:
      "Gerade kann niemand aus dem Team den Anruf annehmen. Hinterlassen Sie Ihren Namen und eine kurze Nachricht, wir rufen Sie zurück.",
    messageTaken: "Danke. Wir rufen Sie bald zurück. Auf Wiederhören.",
    cannotAnswer: "Entschuldigung, darauf kann ich gerade nicht antworten.",
  },
  it: {
    greeting: (employee, company) => `Salve, sono ${employee} di ${company}. Come posso aiutarla?`,
    recorded: "Questa chiamata viene registrata.",
    notInService: "Il numero chiamato non è in servizio. Arrivederci.",
    reprompt: "Mi scusi, non ho capito. Come posso aiutarla?",
    goodbyeSilent: "Non la sento, quindi chiudo la chiamata. La preghiamo di richiamare. Arrivederci.",
    oneMoment: "Un momento.",
    connecting: "La metto in contatto ora.",
    leaveMessage:
      "Al momento nessuno del team può rispondere. Lasci il suo nome e un breve messaggio, e la richiameremo.",
    messageTaken: "Grazie. La richiameremo presto. Arrivederci.",
    cannotAnswer: "Mi scusi, ora non posso rispondere.",
  },
};

/** At most this much of a reply is spoken; a caller cannot skim, and the rest is in the conversation. */
export const SPOKEN_REPLY_MAX_CHARS = 600;

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s)>\]]+/gi;

/**
 * A written reply as words to speak: links keep their text and lose their address, bare addresses go,
 * markdown marks (emphasis, headings, code, quotes, table rules) go, list items and lines become
 * sentences, and a long reply is cut at a sentence end within SPOKEN_REPLY_MAX_CHARS.
 */
export function spokenText(text: string, maxChars = SPOKEN_REPLY_MAX_CHARS): string {
  const lines = text
    .replace(/```[\s\S]*?```/g, " ")
    // [words](address) and ![alt](address): the words.
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(URL_PATTERN, " ")
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+•]\s+|\d{1,3}[.)]\s+)/, "")
        .replace(/^\s*\|?[\s:|-]*-{3,}[\s:|-]*\|?\s*$/, "")
        .replace(/\s*\|\s*/g, ", ")
        .replace(/(\*\*|__|~~|`)/g, "")
        .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
        .replace(/^[,\s]+|[,\s]+$/g, "")
        .trim(),
    )
    .filter((line) => line.length > 0);
  const joined = lines
    .map((line) => (/[.!?:;…]$/.test(line) ? line : `${line}.`))
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/\s+([.,!?;:])/g, "$1")
    .trim();
  return clipAtSentence(joined, maxChars);
}

function clipAtSentence(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const end = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  if (end > maxChars / 3) return head.slice(0, end + 1);
  const space = head.lastIndexOf(" ");
  return `${head.slice(0, space > 0 ? space : maxChars).replace(/[,;:]$/, "")}…`;
}
