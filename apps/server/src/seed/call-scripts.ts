import type { CompanyLanguage } from "@foreman/contract";

// What the demo's past calls said, turn by turn after the greeting, in each company's language. The
// seed (seed-calls.ts) adds the greeting and the system's lines from the contract's CALL_PHRASES.

export type CallScript = {
  direction: "inbound" | "outbound";
  /** How it ended: answered by the AI, handed to staff who took it, a message left, or nobody answered. */
  ending: "answered" | "transferred" | "message_taken" | "no_answer";
  /** Which of the company's numbers: its support line or its sales line. */
  line: "support" | "sales";
  daysAgo: number;
  /** Alternating caller, AI, caller, AI… (the caller first). */
  turns: string[];
};

export const CALL_SCRIPTS: Record<CompanyLanguage, CallScript[]> = {
  en: [
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 1,
      turns: [
        "Hi, I ordered pallets last week and wanted to know when they arrive.",
        "Your last order shipped on Monday and is due Thursday before noon.",
        "Great. Will the driver call before coming?",
        "Yes, the carrier calls about an hour ahead. Anything else I can help with?",
        "No, that's all, thanks.",
        "Thank you for calling. Have a good day!",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 2,
      turns: [
        "How much are your corrugated boxes?",
        "Corrugated boxes are 24 dollars a pack of 25. How many packs do you need?",
        "Probably ten packs.",
        "Ten packs come to 240 dollars. Shall I send you a quote by email?",
      ],
    },
    {
      direction: "inbound",
      ending: "transferred",
      line: "support",
      daysAgo: 3,
      turns: ["I need to talk to someone about a billing problem.", "I'm passing you to a colleague from our team."],
    },
    {
      direction: "outbound",
      ending: "no_answer",
      line: "sales",
      daysAgo: 5,
      turns: [],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 6,
      turns: [
        "What is your returns policy?",
        "Unused items can be returned within 30 days of delivery for a full refund.",
        "And who pays the shipping back?",
        "We pay return shipping when an item arrived damaged; otherwise the customer does.",
        "Okay, understood.",
        "Is there anything else I can help you with today?",
      ],
    },
    {
      direction: "outbound",
      ending: "answered",
      line: "sales",
      daysAgo: 8,
      turns: [
        "Hello?",
        "Hi, I'm calling about the quote for pallet jacks we sent on Friday. Did you have a chance to look at it?",
        "Yes, but the price is a bit high for us.",
        "I can offer five percent off if you order two or more this month.",
        "That works. Please send the updated quote.",
        "Done, it's on its way to your email. Thanks!",
      ],
    },
    {
      direction: "inbound",
      ending: "message_taken",
      line: "support",
      daysAgo: 10,
      turns: [
        "Can I speak to the warehouse manager?",
        "I'm passing you to a colleague from our team.",
        "This is Ruth from Harbor Foods, please call me back about the delivery window for next week.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 13,
      turns: [
        "Do you have stretch film in stock?",
        "Yes, stretch film rolls are in stock and ship the next working day.",
        "Perfect, I'll order online.",
        "Great. Thanks for calling!",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 16,
      turns: [
        "What are your opening hours?",
        "Our team answers Monday to Friday from 9 to 6. I answer this line at any time.",
        "Thanks.",
        "You're welcome. Goodbye!",
      ],
    },
    {
      direction: "outbound",
      ending: "answered",
      line: "sales",
      daysAgo: 20,
      turns: [
        "Hello, who is this?",
        "Hi, this is a quick call to confirm your order of forty wooden pallets for Tuesday.",
        "Yes, Tuesday is fine.",
        "Confirmed. You'll get the tracking link by email.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 25,
      turns: [
        "My order arrived with two broken boxes.",
        "I'm sorry about that. I've opened a ticket and the team will send replacements.",
        "How long will that take?",
        "Replacements usually ship within two working days.",
        "Okay, thank you.",
        "Thank you for letting us know.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 33,
      turns: [
        "Do you deliver to Oakland?",
        "Yes, Oakland is in our local zone: delivery takes one to two working days.",
        "And is there a minimum order?",
        "No minimum; orders over 500 dollars ship free.",
      ],
    },
  ],
  es: [
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 1,
      turns: [
        "Hola, hice un pedido de pallets la semana pasada y quería saber cuándo llega.",
        "Su último pedido salió el lunes y llega el jueves antes del mediodía.",
        "Perfecto. ¿El conductor llama antes?",
        "Sí, el transportista llama una hora antes. ¿Algo más en que pueda ayudarle?",
        "No, eso es todo, gracias.",
        "Gracias por llamar. ¡Que tenga buen día!",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 2,
      turns: [
        "¿Cuánto cuestan las cajas de cartón?",
        "Las cajas de cartón cuestan 19.900 pesos el paquete de 25. ¿Cuántos paquetes necesita?",
        "Unos diez paquetes.",
        "Diez paquetes son 199.000 pesos. ¿Le envío la cotización por correo?",
      ],
    },
    {
      direction: "inbound",
      ending: "transferred",
      line: "support",
      daysAgo: 3,
      turns: [
        "Necesito hablar con una persona por un problema con la factura.",
        "Le paso con una persona de nuestro equipo.",
      ],
    },
    {
      direction: "outbound",
      ending: "no_answer",
      line: "sales",
      daysAgo: 5,
      turns: [],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 6,
      turns: [
        "¿Cuál es la política de devoluciones?",
        "Los productos sin usar se pueden devolver dentro de 30 días desde la entrega.",
        "¿Y quién paga el envío de vuelta?",
        "Nosotros, si el producto llegó dañado; si no, lo paga el cliente.",
        "Entendido.",
        "¿Hay algo más en que pueda ayudarle hoy?",
      ],
    },
    {
      direction: "outbound",
      ending: "answered",
      line: "sales",
      daysAgo: 8,
      turns: [
        "¿Aló?",
        "Hola, le llamo por la cotización de transpaletas que enviamos el viernes. ¿Pudo revisarla?",
        "Sí, pero el precio es un poco alto para nosotros.",
        "Puedo ofrecerle un cinco por ciento de descuento si pide dos o más este mes.",
        "Me sirve. Envíeme la cotización actualizada.",
        "Listo, va camino a su correo. ¡Gracias!",
      ],
    },
    {
      direction: "inbound",
      ending: "message_taken",
      line: "support",
      daysAgo: 10,
      turns: [
        "¿Puedo hablar con el encargado de bodega?",
        "Le paso con una persona de nuestro equipo.",
        "Habla Ruth de Alimentos del Puerto, por favor llámenme por el horario de entrega de la próxima semana.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 13,
      turns: [
        "¿Tienen film estirable en stock?",
        "Sí, los rollos de film estirable están en stock y se despachan al día hábil siguiente.",
        "Perfecto, pido por la web.",
        "Muy bien. ¡Gracias por llamar!",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 16,
      turns: [
        "¿Cuál es su horario de atención?",
        "El equipo atiende de lunes a viernes de 9 a 18. Yo atiendo esta línea a cualquier hora.",
        "Gracias.",
        "De nada. ¡Adiós!",
      ],
    },
    {
      direction: "outbound",
      ending: "answered",
      line: "sales",
      daysAgo: 20,
      turns: [
        "¿Aló, quién habla?",
        "Hola, es una llamada breve para confirmar su pedido de cuarenta pallets de madera para el martes.",
        "Sí, el martes está bien.",
        "Confirmado. Recibirá el enlace de seguimiento por correo.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "support",
      daysAgo: 25,
      turns: [
        "Mi pedido llegó con dos cajas rotas.",
        "Lo siento mucho. Abrí un ticket y el equipo enviará reemplazos.",
        "¿Cuánto se demora?",
        "Los reemplazos suelen despacharse en dos días hábiles.",
        "Bueno, gracias.",
        "Gracias por avisarnos.",
      ],
    },
    {
      direction: "inbound",
      ending: "answered",
      line: "sales",
      daysAgo: 33,
      turns: [
        "¿Hacen despachos a Viña del Mar?",
        "Sí, Viña del Mar está en nuestra zona regional: el despacho tarda de dos a tres días hábiles.",
        "¿Hay un pedido mínimo?",
        "No hay mínimo; los pedidos sobre 400.000 pesos tienen despacho gratis.",
      ],
    },
  ],
};
