// @ts-check
// The chat's interface words in the languages a company can choose (contract companies/language.ts).
// The greeting and the names come from the session; these are the widget's own labels.

/** @typedef {typeof EN} Words */

const EN = {
  openChat: "Open chat",
  closeChat: "Close chat",
  chatWith: "Chat with",
  messages: "Messages",
  yourMessage: "Your message",
  placeholder: "Write a message…",
  send: "Send",
  sending: "Sending…",
  typing: "is typing…",
  someoneTyping: "Typing…",
  you: "You",
  staff: "Team",
  charactersLeft: (/** @type {number} */ n) => (n === 1 ? "1 character left" : `${n} characters left`),
  tooLong: (/** @type {number} */ n) => `Messages are at most ${n} characters`,
  writeSomething: "Write a message",
  sendFailed: "Your message was not sent. Check your connection and try again.",
  tooMany: "You are sending messages too fast. Wait a moment and try again.",
  sessionRenewed: "Your chat session had expired. Send your message again.",
  unavailable: "This chat is not available right now.",
  reconnecting: "Reconnecting…",
  addDetails: "Add your name and email",
  editDetails: "Change your name and email",
  detailsHint: "Optional: so the team can reach you later.",
  name: "Name",
  email: "Email",
  save: "Save",
  cancel: "Cancel",
  saved: "Thanks, saved.",
  poweredBy: "Powered by Foreman",
};

/** @type {Words} */
const ES = {
  openChat: "Abrir chat",
  closeChat: "Cerrar chat",
  chatWith: "Chatea con",
  messages: "Mensajes",
  yourMessage: "Tu mensaje",
  placeholder: "Escribe un mensaje…",
  send: "Enviar",
  sending: "Enviando…",
  typing: "está escribiendo…",
  someoneTyping: "Escribiendo…",
  you: "Tú",
  staff: "Equipo",
  charactersLeft: (n) => (n === 1 ? "Queda 1 carácter" : `Quedan ${n} caracteres`),
  tooLong: (n) => `Los mensajes tienen como máximo ${n} caracteres`,
  writeSomething: "Escribe un mensaje",
  sendFailed: "Tu mensaje no se envió. Revisa tu conexión e inténtalo de nuevo.",
  tooMany: "Estás enviando mensajes muy rápido. Espera un momento e inténtalo de nuevo.",
  sessionRenewed: "Tu sesión de chat había caducado. Envía tu mensaje de nuevo.",
  unavailable: "Este chat no está disponible ahora.",
  reconnecting: "Reconectando…",
  addDetails: "Añade tu nombre y correo",
  editDetails: "Cambia tu nombre y correo",
  detailsHint: "Opcional: para que el equipo pueda contactarte después.",
  name: "Nombre",
  email: "Correo electrónico",
  save: "Guardar",
  cancel: "Cancelar",
  saved: "Gracias, guardado.",
  poweredBy: "Con la tecnología de Foreman",
};

/** The words for a language; English for any other. */
export function wordsFor(/** @type {string} */ language) {
  return language === "es" ? ES : EN;
}
