import type { TicketPriority, TicketType } from "@foreman/contract";

// What the demo's support tickets say, in each company's language: the customer's message that opened
// the ticket, the AI employee's answer giving its number, staff's internal notes and the closing lines.
// seed-tickets.ts picks the conversations and the dates; ticket-stories.ts says what happens to each.

export type TicketContext = {
  customerFirst: string;
  /** The AI employee who opened the ticket. */
  aiFirst: string;
  companyName: string;
  /** "#1042": the order the ticket is about, when it is about one. */
  order: string | null;
  /** A product of that order (or one the customer asked about). */
  product: string;
  /** "T-1003". */
  ticket: string;
};

type Text = (c: TicketContext) => string;

export type IssueScript = {
  type: TicketType;
  priority: TicketPriority;
  tags: string[];
  /** Whether the issue is about an order (then only a conversation with a won order can raise it). */
  aboutOrder: boolean;
  subject: Text;
  description: Text;
  /** The customer's message that opened the ticket. */
  customer: Text;
  /** The AI employee's answer, naming the ticket. */
  reply: Text;
  /** Staff's internal note while working it. */
  note: Text;
  /** Staff's note on closing it. */
  closeNote: Text;
};

export const ISSUE_KEYS = [
  "damaged",
  "missing",
  "wrong_item",
  "late",
  "invoice",
  "installation",
  "warranty",
  "product_question",
  "suggestion",
] as const;
export type IssueKey = (typeof ISSUE_KEYS)[number];

export type TicketScript = {
  issues: Record<IssueKey, IssueScript>;
  /** The customer says the problem is solved; the AI employee closes the ticket with `aiClose`. */
  confirm: Text;
  aiClose: Text;
  /** The customer writes again about a closed ticket; the AI employee reopens it with `reopenReply`. */
  reopen: Text;
  reopenReply: Text;
  /** The note the AI employee leaves when it hands a ticket to staff. */
  handOver: Text;
  email: {
    fromCustomer: (c: TicketContext, body: string) => string;
    fromAi: (c: TicketContext, body: string) => string;
  };
};

export const ENGLISH_TICKETS: TicketScript = {
  issues: {
    damaged: {
      type: "incident",
      priority: "high",
      tags: ["damaged-goods", "delivery"],
      aboutOrder: true,
      subject: (c) => `Order ${c.order} arrived damaged`,
      description: (c) =>
        `The customer reports that part of order ${c.order} arrived damaged (${c.product}): crushed corners and torn wrapping. Photos requested; replacement or credit to decide.`,
      customer: (c) =>
        `Hi, order ${c.order} arrived this morning and the ${c.product} is damaged, the pallet looks like it was dropped. What can you do?`,
      reply: (c) =>
        `I'm sorry about that, ${c.customerFirst}. I've opened ticket ${c.ticket} for the damaged ${c.product} on order ${c.order}. Could you send a photo of the damage? Our team will arrange a replacement or a credit.`,
      note: (c) =>
        `Carrier's proof of delivery shows no remarks. Filing a claim with the carrier; replacement for ${c.product} reserved.`,
      closeNote: () => "Replacement delivered and signed for; carrier claim filed.",
    },
    missing: {
      type: "problem",
      priority: "medium",
      tags: ["missing-item"],
      aboutOrder: true,
      subject: (c) => `Missing items on order ${c.order}`,
      description: (c) =>
        `Order ${c.order} arrived short: the customer counts fewer ${c.product} than invoiced. Check the packing list against the warehouse pick.`,
      customer: (c) =>
        `Hello, we received order ${c.order} but we're missing some of the ${c.product}. The invoice says more than what came.`,
      reply: (c) =>
        `Thanks for telling us, ${c.customerFirst}. I've opened ticket ${c.ticket} so the warehouse checks the pick for order ${c.order}; we'll send what's missing.`,
      note: () => "Warehouse confirms a short pick: one carton left on the dock. Sending it with tomorrow's route.",
      closeNote: () => "Missing carton delivered; the customer confirmed the count.",
    },
    wrong_item: {
      type: "incident",
      priority: "medium",
      tags: ["wrong-item", "returns"],
      aboutOrder: true,
      subject: (c) => `Wrong item shipped on order ${c.order}`,
      description: (c) =>
        `The customer received a different item than the ${c.product} they ordered on ${c.order}. Arrange pickup and ship the right one.`,
      customer: (c) =>
        `Hi, the box for order ${c.order} has the wrong product in it, it isn't the ${c.product} we ordered.`,
      reply: (c) =>
        `Apologies for the mix-up, ${c.customerFirst}. Ticket ${c.ticket} is open: we'll collect the wrong item at no cost and ship the ${c.product} you ordered.`,
      note: () => "Label swap at packing. Pickup booked; correct item ships today.",
      closeNote: () => "Correct item delivered, wrong one collected.",
    },
    late: {
      type: "problem",
      priority: "high",
      tags: ["delivery"],
      aboutOrder: true,
      subject: (c) => `Order ${c.order} has not arrived`,
      description: (c) =>
        `Order ${c.order} is past its delivery window and the customer needs the ${c.product} for their site. Chase the carrier and give a firm date.`,
      customer: (c) => `Hi, order ${c.order} was due two days ago and nothing has arrived yet. Where is it?`,
      reply: (c) =>
        `I'm checking with the carrier now, ${c.customerFirst}. I've opened ticket ${c.ticket} for order ${c.order} and will update you as soon as I have a delivery date.`,
      note: () => "Carrier says the truck was rerouted; new delivery slot tomorrow 8–12.",
      closeNote: () => "Delivered; shipping fee refunded as a goodwill gesture.",
    },
    invoice: {
      type: "question",
      priority: "low",
      tags: ["invoice", "billing"],
      aboutOrder: true,
      subject: (c) => `Invoice copy for order ${c.order}`,
      description: (c) =>
        `The customer's accounts team needs the invoice for ${c.order} re-issued with their purchase-order number.`,
      customer: (c) =>
        `Hello, our accounts team needs the invoice for order ${c.order} with our PO number on it. Can you send a corrected copy?`,
      reply: (c) =>
        `Of course, ${c.customerFirst}. I've opened ticket ${c.ticket} to re-issue the invoice for order ${c.order} with your PO number.`,
      note: () => "Re-issued from the billing system with the PO number; PDF sent to their accounts address.",
      closeNote: () => "Corrected invoice sent.",
    },
    installation: {
      type: "question",
      priority: "medium",
      tags: ["installation"],
      aboutOrder: true,
      subject: (c) => `Setup instructions for the ${c.product}`,
      description: (c) => `The customer cannot find the setup instructions for the ${c.product} from order ${c.order}.`,
      customer: (c) =>
        `Hi, we got the ${c.product} from order ${c.order} but there were no instructions in the box. Do you have them?`,
      reply: (c) =>
        `Sure, ${c.customerFirst}. I've opened ticket ${c.ticket} and sent you the setup guide for the ${c.product}; tell me if anything is unclear.`,
      note: () => "Guide sent. Asked the warehouse to check the instruction sheets in this batch.",
      closeNote: () => "Customer set it up with the guide.",
    },
    warranty: {
      type: "problem",
      priority: "high",
      tags: ["warranty"],
      aboutOrder: true,
      subject: (c) => `Warranty claim: ${c.product} from order ${c.order}`,
      description: (c) =>
        `The ${c.product} from order ${c.order} stopped working within the warranty period. Assess repair or replacement.`,
      customer: (c) =>
        `Hello, the ${c.product} we bought on order ${c.order} has stopped working. It's still under warranty, isn't it?`,
      reply: (c) =>
        `It is, ${c.customerFirst}. I've opened warranty ticket ${c.ticket} for the ${c.product} on order ${c.order}; a technician will contact you to arrange the repair or a replacement.`,
      note: () => "Technician visit booked; seal failure, covered by the warranty.",
      closeNote: () => "Repaired under warranty.",
    },
    product_question: {
      type: "question",
      priority: "low",
      tags: ["product-info"],
      aboutOrder: false,
      subject: (c) => `Specifications of the ${c.product}`,
      description: (c) => `The customer asks for the load rating and dimensions of the ${c.product} before ordering.`,
      customer: (c) => `Hi, before we order: what's the load rating and the exact size of the ${c.product}?`,
      reply: (c) =>
        `Good question, ${c.customerFirst}. I've opened ticket ${c.ticket} and asked our product team for the exact figures; you'll have them today.`,
      note: () => "Spec sheet attached to the reply.",
      closeNote: () => "Specifications sent.",
    },
    suggestion: {
      type: "suggestion",
      priority: "low",
      tags: ["feedback"],
      aboutOrder: false,
      subject: () => "Saturday deliveries",
      description: () => "The customer suggests Saturday delivery slots: their site receives goods at weekends.",
      customer: () => "A suggestion: could you offer Saturday deliveries? Our site receives goods at weekends.",
      reply: (c) =>
        `Thanks for the suggestion, ${c.customerFirst}! I've logged it as ticket ${c.ticket} for our operations team.`,
      note: () => "Passed to operations for the next route planning review.",
      closeNote: () => "Operations will trial Saturday slots next quarter; customer informed.",
    },
  },
  confirm: () => "That solves it, thank you!",
  aiClose: (c) =>
    `Great to hear, ${c.customerFirst}. I've closed ticket ${c.ticket}; just write here if anything else comes up.`,
  reopen: (c) => `Sorry, it's not sorted after all: the problem with ${c.product} is back.`,
  reopenReply: (c) => `I've reopened ticket ${c.ticket}, ${c.customerFirst}, and a colleague will follow it up today.`,
  handOver: () => "Needs a person: handing this over to staff.",
  email: {
    fromCustomer: (c, body) => `Hello,\n\n${body}\n\nBest,\n${c.customerFirst}`,
    fromAi: (c, body) => `Hi ${c.customerFirst},\n\n${body}\n\nBest regards,\n${c.aiFirst}\n${c.companyName} support`,
  },
};

export const SPANISH_TICKETS: TicketScript = {
  issues: {
    damaged: {
      type: "incident",
      priority: "high",
      tags: ["producto-dañado", "despacho"],
      aboutOrder: true,
      subject: (c) => `Pedido ${c.order} llegó dañado`,
      description: (c) =>
        `El cliente informa que parte del pedido ${c.order} llegó dañada (${c.product}): envases golpeados. Se pidieron fotos; decidir reposición o nota de crédito.`,
      customer: (c) =>
        `Hola, hoy llegó el pedido ${c.order} y parte viene dañada (${c.product}), parece que se cayó el pallet. ¿Qué podemos hacer?`,
      reply: (c) =>
        `Lamento lo ocurrido, ${c.customerFirst}. Abrí el ticket ${c.ticket} por los productos dañados del pedido ${c.order}. ¿Me envía una foto? El equipo coordinará la reposición o una nota de crédito.`,
      note: (c) =>
        `La guía de despacho no tiene observaciones. Reclamo al transportista; reposición reservada (${c.product}).`,
      closeNote: () => "Reposición entregada y firmada; reclamo al transportista ingresado.",
    },
    missing: {
      type: "problem",
      priority: "medium",
      tags: ["faltante"],
      aboutOrder: true,
      subject: (c) => `Faltan productos en el pedido ${c.order}`,
      description: (c) =>
        `El pedido ${c.order} llegó incompleto: faltan unidades de ${c.product}. Revisar la guía contra el picking de bodega.`,
      customer: (c) =>
        `Hola, recibimos el pedido ${c.order} pero faltan unidades de ${c.product}. La factura dice más de lo que llegó.`,
      reply: (c) =>
        `Gracias por avisar, ${c.customerFirst}. Abrí el ticket ${c.ticket} para que bodega revise el picking del pedido ${c.order}; le enviaremos lo que falta.`,
      note: () => "Bodega confirma picking incompleto: quedó una caja en el andén. Sale en la ruta de mañana.",
      closeNote: () => "Caja faltante entregada; el cliente confirmó las cantidades.",
    },
    wrong_item: {
      type: "incident",
      priority: "medium",
      tags: ["producto-equivocado", "devoluciones"],
      aboutOrder: true,
      subject: (c) => `Producto equivocado en el pedido ${c.order}`,
      description: (c) =>
        `El cliente recibió otro producto en lugar de lo pedido en ${c.order} (${c.product}). Coordinar retiro y despachar el correcto.`,
      customer: (c) =>
        `Hola, en la caja del pedido ${c.order} vino otro producto, no es lo que pedimos (${c.product}).`,
      reply: (c) =>
        `Disculpe la confusión, ${c.customerFirst}. El ticket ${c.ticket} está abierto: retiramos el producto equivocado sin costo y despachamos lo que pidió (${c.product}).`,
      note: () => "Etiquetas cruzadas en el embalaje. Retiro agendado; el correcto sale hoy.",
      closeNote: () => "Producto correcto entregado y el equivocado retirado.",
    },
    late: {
      type: "problem",
      priority: "high",
      tags: ["despacho"],
      aboutOrder: true,
      subject: (c) => `Pedido ${c.order} sin entregar`,
      description: (c) =>
        `El pedido ${c.order} pasó su fecha de entrega y el cliente lo necesita para su local (${c.product}). Seguir con el transportista y dar una fecha firme.`,
      customer: (c) => `Hola, el pedido ${c.order} debía llegar hace dos días y todavía no llega. ¿Dónde está?`,
      reply: (c) =>
        `Lo reviso con el transportista, ${c.customerFirst}. Abrí el ticket ${c.ticket} por el pedido ${c.order} y le aviso apenas tenga fecha de entrega.`,
      note: () => "El transportista desvió el camión; nueva ventana mañana de 8 a 12.",
      closeNote: () => "Entregado; se devolvió el costo de despacho como gesto comercial.",
    },
    invoice: {
      type: "question",
      priority: "low",
      tags: ["factura"],
      aboutOrder: true,
      subject: (c) => `Refacturar el pedido ${c.order}`,
      description: (c) =>
        `Contabilidad del cliente necesita la factura del pedido ${c.order} con su número de orden de compra.`,
      customer: (c) =>
        `Hola, contabilidad necesita la factura del pedido ${c.order} con nuestro número de orden de compra. ¿Pueden reemitirla?`,
      reply: (c) =>
        `Por supuesto, ${c.customerFirst}. Abrí el ticket ${c.ticket} para reemitir la factura del pedido ${c.order} con su orden de compra.`,
      note: () => "Reemitida con la OC; PDF enviado al correo de contabilidad.",
      closeNote: () => "Factura corregida enviada.",
    },
    installation: {
      type: "question",
      priority: "medium",
      tags: ["instalación"],
      aboutOrder: true,
      subject: (c) => `Instrucciones de uso: ${c.product}`,
      description: (c) => `El cliente no encuentra las instrucciones de uso (${c.product}, pedido ${c.order}).`,
      customer: (c) =>
        `Hola, llegó el pedido ${c.order} pero no venían las instrucciones de uso (${c.product}). ¿Me las pueden mandar?`,
      reply: (c) =>
        `Claro, ${c.customerFirst}. Abrí el ticket ${c.ticket} y le envié la ficha con las instrucciones de uso (${c.product}); me cuenta si algo no queda claro.`,
      note: () => "Ficha enviada. Pedí a bodega revisar las instrucciones de este lote.",
      closeNote: () => "El cliente lo resolvió con la ficha.",
    },
    warranty: {
      type: "problem",
      priority: "high",
      tags: ["garantía"],
      aboutOrder: true,
      subject: (c) => `Garantía: ${c.product}, pedido ${c.order}`,
      description: (c) =>
        `Un producto del pedido ${c.order} falló dentro del período de garantía (${c.product}). Evaluar reparación o cambio.`,
      customer: (c) =>
        `Hola, un producto que compramos en el pedido ${c.order} salió fallado (${c.product}). Está en garantía, ¿cierto?`,
      reply: (c) =>
        `Así es, ${c.customerFirst}. Abrí el ticket de garantía ${c.ticket} por el pedido ${c.order}; el equipo lo contactará para coordinar el cambio.`,
      note: () => "Lote revisado: falla de envasado, cubierta por la garantía. Cambio agendado.",
      closeNote: () => "Cambiado en garantía.",
    },
    product_question: {
      type: "question",
      priority: "low",
      tags: ["ficha-técnica"],
      aboutOrder: false,
      subject: (c) => `Ficha técnica: ${c.product}`,
      description: (c) => `El cliente pide la ficha técnica antes de comprar (${c.product}).`,
      customer: (c) => `Hola, antes de comprar: ¿tienen la ficha técnica de este producto? ${c.product}.`,
      reply: (c) =>
        `Buena pregunta, ${c.customerFirst}. Abrí el ticket ${c.ticket} y pedí la ficha al equipo de producto; se la envío hoy.`,
      note: () => "Ficha técnica adjunta en la respuesta.",
      closeNote: () => "Ficha técnica enviada.",
    },
    suggestion: {
      type: "suggestion",
      priority: "low",
      tags: ["sugerencia"],
      aboutOrder: false,
      subject: () => "Despachos los sábados",
      description: () => "El cliente sugiere despachos los sábados: su local recibe mercadería el fin de semana.",
      customer: () =>
        "Una sugerencia: ¿podrían despachar los sábados? Nuestro local recibe mercadería el fin de semana.",
      reply: (c) =>
        `¡Gracias por la sugerencia, ${c.customerFirst}! La registré como ticket ${c.ticket} para operaciones.`,
      note: () => "Derivado a operaciones para la próxima planificación de rutas.",
      closeNote: () => "Operaciones probará despachos los sábados el próximo trimestre; cliente informado.",
    },
  },
  confirm: () => "¡Con eso quedó resuelto, muchas gracias!",
  aiClose: (c) => `Qué bueno, ${c.customerFirst}. Cerré el ticket ${c.ticket}; cualquier cosa me escribe por aquí.`,
  reopen: (c) => `Disculpe, al final no quedó resuelto: sigue el problema (${c.product}).`,
  reopenReply: (c) => `Reabrí el ticket ${c.ticket}, ${c.customerFirst}; una persona del equipo lo revisa hoy.`,
  handOver: () => "Necesita a una persona: lo derivo al equipo.",
  email: {
    fromCustomer: (c, body) => `Hola,\n\n${body}\n\nSaludos,\n${c.customerFirst}`,
    fromAi: (c, body) =>
      `Hola ${c.customerFirst}:\n\n${body}\n\nSaludos cordiales,\n${c.aiFirst}\nSoporte ${c.companyName}`,
  },
};
