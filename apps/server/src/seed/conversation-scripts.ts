// What the demo's conversations say, per company language: a customer writes about their need, the AI
// employee qualifies it, quotes, follows up; staff step in now and then; some requests go to staff as
// action items. seed-conversations.ts picks the lines for each lead's need and stage.

export type ScriptContext = {
  customerFirst: string;
  customerName: string;
  organization: string | null;
  aiName: string;
  aiFirst: string;
  companyName: string;
  city: string;
  day: string;
  /** Quantities the customer mentions. */
  n: number;
  m: number;
  k: number;
  people: number;
  weeks: number;
  /** A discount percentage above the AI's 10% limit. */
  pct: number;
  /** The product the conversation is mostly about (the quote's first line). */
  product: string;
  /** What the customer wants, from the quote's lines ("3 cases of packing tape 48mm and …"); null without a quote. */
  wants: string | null;
};

export type QuoteFacts = { number: string; total: string; discounted: string; items: string };
export type StaffFacts = { name: string; first: string };

type Line = (c: ScriptContext) => string;
type QuoteLine = (c: ScriptContext, q: QuoteFacts) => string;
type StaffLine = (c: ScriptContext, s: StaffFacts) => string;

export type NeedScript = {
  opener: Line;
  qualify: Line;
  details: Line;
  /** A picture the customer may send with the details. */
  photoName: string;
};

/** A request the AI cannot settle alone: what the customer asks, what the AI tells them and staff. */
export type EscalationScript = {
  tag: string;
  /** Only for leads with one of these needs (default: any). */
  onlyFor?: string[];
  title: QuoteLine;
  question: QuoteLine;
  customerAsks: QuoteLine;
  aiHolds: Line;
  /** Staff's answer (questions), or their note with a decision (authorizations). */
  answers: string[];
  /** What the AI tells the customer once staff answered (or decided to authorize). */
  relay: QuoteLine;
  /**
   * The authorization asks for the context's `pct` off the quote: an open one is seeded with the request
   * the runtime records, so authorizing it in the demo applies the discount.
   */
  discount?: true;
};

export type ConversationScript = {
  cities: string[];
  days: string[];
  needs: Record<string, NeedScript>;
  fallbackNeed: NeedScript;
  greet: (c: ScriptContext, qualify: string, firstContact: boolean) => string;
  /** The customer's answer when the lead was quoted: exactly what the quote holds. */
  detailsFromItems: Line;
  photoAttached: string;
  askTiming: Line;
  qualified: Line;
  customerThanks: Line;
  quote: QuoteLine;
  quoteReceived: Line;
  reviewing: Line;
  followUp: QuoteLine;
  stillComparing: Line;
  accept: QuoteLine;
  confirmOrder: QuoteLine;
  deliveryThanks: Line;
  declineAfterQuote: Line;
  declineBeforeQuote: Line;
  declineAck: Line;
  emailFromCustomer: (c: ScriptContext, body: string) => string;
  emailFromAi: (c: ScriptContext, body: string) => string;
  staffTakeOver: StaffLine;
  customerThanksStaff: StaffLine;
  /** After an order (won) and before one (quoted, following up). */
  staffWrapUpOrder: StaffLine;
  staffWrapUpQuote: StaffLine;
  questions: EscalationScript[];
  authorizations: EscalationScript[];
  /** Left pending: what the AI tells the customer, and staff's note in the thread. */
  pendingRelay: QuoteLine;
  pendingNotes: string[];
  threadAck: Line;
  quoteFileName: (number: string) => string;
  quotePdf: (c: ScriptContext, q: QuoteFacts) => { title: string; lines: string[] };
};

export const ENGLISH_SCRIPT: ConversationScript = {
  cities: ["Columbus", "Dayton", "Tacoma", "Fresno", "Boise", "Omaha", "Reno"],
  days: ["Monday", "Wednesday", "Friday", "Saturday"],
  needs: {
    "Monthly packaging restock": {
      opener: () => "Hi, we need to restock our packaging for the month: boxes, tape and stretch wrap. Can you help?",
      qualify: () => "Which quantities do you need this month, and where should we deliver?",
      details: (c) =>
        `${c.n} packs of 12in boxes, ${c.k} cases of tape and ${c.m} rolls of stretch wrap, delivered to our ${c.city} warehouse.`,
      photoName: "current-stock.png",
    },
    "Warehouse shelving for a new site": {
      opener: () => "We're opening a new site and need warehouse shelving. What do you have?",
      qualify: () => "Congratulations on the new site! How many shelving units do you need, and what load per shelf?",
      details: (c) =>
        `Around ${c.k} steel units, roughly 300 kg per shelf. The site is in ${c.city} and opens in ${c.weeks} weeks.`,
      photoName: "new-site-floor-plan.png",
    },
    "Quote for 40 pallets": {
      opener: () => "Could you quote 40 wooden pallets?",
      qualify: () => "Sure. Standard 48x40 pallets? And when do you need them?",
      details: (c) => `Yes, standard size. We need them by ${c.day} at our ${c.city} dock.`,
      photoName: "loading-dock.png",
    },
    "Bulk gloves for the cleaning crew": {
      opener: () => "Looking for nitrile gloves in bulk for our cleaning crew.",
      qualify: () => "We stock nitrile gloves in M, L and XL. How many boxes of each size?",
      details: (c) => `${c.n} boxes of L and ${c.m} of M, please. We'd reorder every month if the price is right.`,
      photoName: "glove-storage.png",
    },
    "Labels and tape for peak season": {
      opener: () => "Peak season is coming and we need thermal labels and packing tape.",
      qualify: () => "Got it. Which label size, and roughly how many rolls?",
      details: (c) => `4x6 labels, ${c.n} rolls, plus ${c.k} cases of 48mm tape.`,
      photoName: "packing-station.png",
    },
    "Replacement pallet jack": {
      opener: () => "Our pallet jack broke down. Do you have a 2500 kg model in stock?",
      qualify: () => "Sorry to hear that! We have the 2500 kg pallet jack in stock. Delivered, or will you pick it up?",
      details: (c) => `Delivered to ${c.city}, as soon as possible please. It's our only one.`,
      photoName: "broken-jack.png",
    },
  },
  fallbackNeed: {
    opener: () => "Hi, I'd like a quote for some warehouse supplies.",
    qualify: () => "Happy to help. Which products and quantities do you have in mind?",
    details: (c) => `Mostly boxes and tape, about ${c.n} packs, delivered to ${c.city}.`,
    photoName: "warehouse.png",
  },
  greet: (c, qualify, firstContact) =>
    firstContact
      ? `Hi ${c.customerFirst}, I'm ${c.aiFirst}, ${c.companyName}'s AI sales assistant. ${qualify}`
      : `Hi ${c.customerFirst}, good to hear from you again. ${qualify}`,
  detailsFromItems: (c) => `We'd need ${c.wants}, delivered to ${c.city} by ${c.day}.`,
  photoAttached: "Photo attached.",
  askTiming: () => "Thanks! Is there a date you need this by, and a budget we should keep to?",
  qualified: () => "Thanks, that's everything I need. I'll put a quote together and send it shortly.",
  customerThanks: () => "Great, thanks!",
  quote: (_c, q) => `Here's quote ${q.number}: ${q.items}. Total ${q.total} including tax, valid for 14 days.`,
  quoteReceived: () => "Got it, thanks. I'll review it today.",
  reviewing: () => "I need to run this past my manager before we commit.",
  followUp: (c, q) => `Hi ${c.customerFirst}, just checking in on ${q.number}. Any questions I can answer?`,
  stillComparing: () => "We're still comparing a couple of offers. I should have an answer this week.",
  accept: (_c, q) => `Looks good. Please go ahead with ${q.number}.`,
  confirmOrder: (_c, q) =>
    `Thank you! Order ${q.number} is confirmed. You'll get the delivery window by email the day before.`,
  deliveryThanks: () => "Perfect, thanks for the quick turnaround.",
  declineAfterQuote: () => "Thanks for the quote, but we've decided to go with another supplier this time.",
  declineBeforeQuote: () => "Actually, we've put this on hold for now. Thanks anyway.",
  declineAck: () => "Understood, thanks for letting me know. If anything changes, just message me here.",
  emailFromCustomer: (c, body) => `Hello,\n\n${body}\n\nBest,\n${c.customerFirst}`,
  emailFromAi: (c, body) => `Hi ${c.customerFirst},\n\n${body}\n\nBest regards,\n${c.aiName}\n${c.companyName}`,
  staffTakeOver: (c, s) =>
    `Hi ${c.customerFirst}, this is ${s.name} from ${c.companyName}. I'm taking over from ${c.aiFirst} to look after your order personally.`,
  customerThanksStaff: (_c, s) => `Thanks ${s.first}, appreciate it.`,
  staffWrapUpOrder: (c) =>
    `You're welcome. I've booked the truck for ${c.day} morning and will call you when it leaves the warehouse.`,
  staffWrapUpQuote: (c) =>
    `You're welcome. I've set the stock aside for you until ${c.day}. Call me on this number if anything comes up.`,
  questions: [
    {
      tag: "delivery",
      title: (c) => `Saturday delivery to ${c.city}?`,
      question: (c) =>
        `${c.customerName} asks whether we can deliver to ${c.city} on Saturday; their dock is closed during the week. Our routes there run Monday to Friday. Can we make a Saturday drop?`,
      customerAsks: () => "Could you deliver on Saturday? Our dock is closed during the week.",
      aiHolds: () => "Let me check Saturday delivery with our logistics team. I'll get back to you shortly.",
      answers: ["Yes, we can do a Saturday morning drop. There's a $45 weekend fee.", "Yes, Saturday 8-11 am works."],
      relay: () => "Good news: we can deliver on Saturday morning. There's a $45 weekend delivery fee.",
    },
    {
      tag: "stock",
      title: (c) => `${c.product}: enough stock for ${c.day}?`,
      question: (c) =>
        `${c.customerName} needs the whole order by ${c.day}, ${c.product} included. Do we have enough stock to ship this week, or should I offer a split delivery?`,
      customerAsks: (c) => `Can you ship everything by ${c.day}? We can't start without it.`,
      aiHolds: () => "I want to be sure before I promise. Let me confirm stock with the warehouse.",
      answers: ["We have enough in the warehouse. Ship it all this week.", "Yes, stock is fine. Ship Thursday."],
      relay: () => "Confirmed: everything is in stock and ships this week.",
    },
    {
      tag: "payment",
      title: (c) => `Net 30 terms for ${c.organization ?? c.customerName}?`,
      question: (c) =>
        `${c.customerName}${c.organization ? ` (${c.organization})` : ""} asks to pay on net 30 terms instead of upfront. Can we offer that?`,
      customerAsks: () => "Can we pay on net 30 terms? Upfront payment is hard for us this quarter.",
      aiHolds: () => "Payment terms need approval from our finance team. I've asked them and will let you know.",
      answers: ["Yes, net 30 is fine for them after the usual credit check.", "OK for net 30 on this order."],
      relay: () => "Our finance team approved net 30 terms for this order. I'll send the credit form by email.",
    },
    {
      tag: "custom order",
      onlyFor: ["Monthly packaging restock", "Labels and tape for peak season"],
      title: () => "Custom box printing with their logo?",
      question: (c) =>
        `${c.customerName} wants their logo printed on the boxes. Do we offer custom printing, and what's the minimum run?`,
      customerAsks: () => "Could you print our logo on the boxes?",
      aiHolds: () => "Good question. Let me check our printing options with the team.",
      answers: ["Yes, minimum 500 boxes, 2 weeks lead time, $0.35 per box extra."],
      relay: () => "We can print your logo: minimum 500 boxes, two weeks' lead time, $0.35 extra per box.",
    },
  ],
  authorizations: [
    {
      tag: "discount",
      discount: true,
      title: (c, q) => `${c.pct}% discount on ${q.number}`,
      question: (c, q) =>
        `${c.customerName} asks for ${c.pct}% off ${q.number} (${q.total}); my limit is 10%. Should I authorize it?`,
      customerAsks: (c) => `Could you do ${c.pct}% off if we confirm this week?`,
      aiHolds: () => "That's above what I can approve myself. Let me check with my manager.",
      answers: ["Approved: they're a repeat customer.", "OK, approve it. Good volume.", "Approved this once."],
      relay: (c, q) =>
        `Good news: my manager approved ${c.pct}% off. The new total for ${q.number} is ${q.discounted}.`,
    },
    {
      tag: "shipping",
      title: (_c, q) => `Free shipping on ${q.number}`,
      question: (c, q) =>
        `${c.customerName} wants free shipping on ${q.number} (${q.total}). Orders under $2,000 normally pay shipping. Can I waive it?`,
      customerAsks: () => "Can you include shipping for free? Your competitor does.",
      aiHolds: () => "I'll ask my manager whether we can waive shipping on this one.",
      answers: ["Yes, waive it.", "Approved, they order every month."],
      relay: (_c, q) => `Done: shipping on ${q.number} is on us.`,
    },
  ],
  pendingRelay: (_c, q) =>
    `I'm still waiting on approval for the change to ${q.number}. I'll come back to you as soon as I hear.`,
  pendingNotes: ["Hold this until the end of the quarter.", "Not yet; I want to check margins first."],
  threadAck: (c) => `Thanks, I've let ${c.customerFirst} know.`,
  quoteFileName: (number) => `Quote ${number}.pdf`,
  quotePdf: (c, q) => ({
    title: `${c.companyName}: quote ${q.number}`,
    lines: [
      `Customer: ${c.customerName}${c.organization ? `, ${c.organization}` : ""}`,
      `Items: ${q.items}`,
      `Total (tax included): ${q.total}`,
      "Valid for 14 days. Delivery in 2-4 working days.",
    ],
  }),
};

export const SPANISH_SCRIPT: ConversationScript = {
  cities: ["Valparaíso", "Viña del Mar", "Concepción", "Temuco", "Providencia", "Las Condes", "Rancagua"],
  days: ["lunes", "miércoles", "viernes", "sábado"],
  needs: {
    "Reposición mensual para restaurante": {
      opener: () => "Hola, necesito hacer la reposición mensual del restaurante: café, aceite y harina.",
      qualify: () => "¿Qué cantidades necesita este mes y a qué dirección despachamos?",
      details: (c) =>
        `${c.n} kg de café de grano, ${c.k} bidones de aceite de oliva y ${c.m} sacos de harina. Despacho a ${c.city}.`,
      photoName: "bodega-restaurante.png",
    },
    "Cotización para evento corporativo": {
      opener: (c) => `Buenas tardes, necesito una cotización para un evento corporativo de ${c.people} personas.`,
      qualify: () => "¡Qué bueno! ¿Para qué fecha es el evento y qué productos le interesan?",
      details: (c) => `Es el ${c.day} en ${c.city}. Nos interesan ${c.k} cajas de vino Cabernet y ${c.m} de chocolate.`,
      photoName: "plano-salon.png",
    },
    "Pedido mayorista de café": {
      opener: () => "Hola, ¿venden café de grano al por mayor?",
      qualify: () => "Sí, tenemos café de grano en bolsas de 1 kg. ¿Cuántos kilos necesita al mes?",
      details: (c) => `Unos ${c.n * 4} kg mensuales para nuestras tres cafeterías en ${c.city}.`,
      photoName: "cafeteria.png",
    },
    "Canasta navideña para empleados": {
      opener: () => "Queremos armar canastas navideñas para nuestros empleados. ¿Pueden ayudarnos?",
      qualify: () => "¡Por supuesto! ¿Cuántas canastas serían y qué presupuesto tienen por canasta?",
      details: (c) => `Son ${c.people} canastas con vino, chocolate y té. Entrega en ${c.city}.`,
      photoName: "canasta-ejemplo.png",
    },
    "Proveedor para nueva sucursal": {
      opener: () => "Estamos abriendo una nueva sucursal y buscamos proveedor de abarrotes.",
      qualify: () => "¡Felicitaciones! ¿Dónde queda la sucursal y qué productos necesitarían?",
      details: (c) => `Queda en ${c.city}. Necesitamos azúcar, harina, sal y aceite todas las semanas.`,
      photoName: "plano-bodega.png",
    },
    "Despacho semanal a Lima": {
      opener: () => "Hola, ¿hacen despachos semanales a Lima?",
      qualify: () => "Sí, despachamos a Lima todas las semanas. ¿Qué productos y volúmenes tiene en mente?",
      details: (c) => `Quínoa orgánica y café, unos ${c.n * 3} kg por semana. Pagaríamos en soles.`,
      photoName: "bodega-lima.png",
    },
  },
  fallbackNeed: {
    opener: () => "Hola, quisiera cotizar algunos productos.",
    qualify: () => "Con gusto. ¿Qué productos y cantidades necesita?",
    details: (c) => `Café y azúcar, unos ${c.n} kg de cada uno, con despacho a ${c.city}.`,
    photoName: "bodega.png",
  },
  greet: (c, qualify, firstContact) =>
    firstContact
      ? `Hola ${c.customerFirst}, soy ${c.aiFirst}, asistente de ventas con IA de ${c.companyName}. ${qualify}`
      : `Hola ${c.customerFirst}, qué gusto saludarle de nuevo. ${qualify}`,
  detailsFromItems: (c) => `Necesitaríamos ${c.wants}, con despacho a ${c.city} para el ${c.day}.`,
  photoAttached: "Le adjunto una foto.",
  askTiming: () => "¡Gracias! ¿Para qué fecha lo necesita y con qué presupuesto trabajamos?",
  qualified: () => "Perfecto, con eso tengo todo. Le preparo la cotización y se la envío en breve.",
  customerThanks: () => "¡Muchas gracias!",
  quote: (_c, q) => `Le envío la cotización ${q.number}: ${q.items}. Total ${q.total} con IVA, válida por 14 días.`,
  quoteReceived: () => "Recibida, gracias. La reviso hoy.",
  reviewing: () => "Tengo que revisarla con mi jefe antes de confirmar.",
  followUp: (c, q) =>
    `Hola ${c.customerFirst}, ¿pudo revisar la cotización ${q.number}? Si tiene alguna duda, con gusto la resuelvo.`,
  stillComparing: () => "Todavía estamos comparando un par de ofertas. Le respondo esta semana.",
  accept: (_c, q) => `Está bien, confirmamos la ${q.number}.`,
  confirmOrder: (_c, q) =>
    `¡Gracias! El pedido ${q.number} quedó confirmado. Le avisaremos el horario de despacho el día anterior.`,
  deliveryThanks: () => "Perfecto, gracias por la rapidez.",
  declineAfterQuote: () => "Gracias por la cotización, pero esta vez elegimos otro proveedor.",
  declineBeforeQuote: () => "Al final vamos a postergar la compra. Gracias de todas formas.",
  declineAck: () => "Entendido, gracias por avisar. Si algo cambia, escríbame por aquí.",
  emailFromCustomer: (c, body) => `Hola,\n\n${body}\n\nSaludos,\n${c.customerFirst}`,
  emailFromAi: (c, body) => `Hola ${c.customerFirst}:\n\n${body}\n\nSaludos cordiales,\n${c.aiName}\n${c.companyName}`,
  staffTakeOver: (c, s) =>
    `Hola ${c.customerFirst}, le escribe ${s.name} de ${c.companyName}. Tomo la conversación desde aquí para atender su pedido personalmente.`,
  customerThanksStaff: (_c, s) => `Gracias ${s.first}, se lo agradezco.`,
  staffWrapUpOrder: (c) => `De nada. Dejé agendado el camión para el ${c.day} en la mañana y le aviso cuando salga.`,
  staffWrapUpQuote: (c) =>
    `De nada. Le dejo el stock reservado hasta el ${c.day}. Cualquier cosa, me escribe por aquí.`,
  questions: [
    {
      tag: "despacho",
      title: (c) => `¿Despacho a ${c.city} el sábado?`,
      question: (c) =>
        `${c.customerName} pregunta si podemos despachar a ${c.city} el sábado; durante la semana no reciben. Nuestras rutas allá son de lunes a viernes. ¿Podemos hacer una entrega el sábado?`,
      customerAsks: () => "¿Podrían despachar el sábado? Durante la semana no hay nadie para recibir.",
      aiHolds: () => "Déjeme confirmarlo con logística y le respondo a la brevedad.",
      answers: ["Sí, el sábado en la mañana con un recargo de $25.000.", "Sí, podemos el sábado entre 9 y 12."],
      relay: () => "Buenas noticias: podemos despachar el sábado en la mañana, con un recargo de $25.000.",
    },
    {
      tag: "stock",
      title: (c) => `¿Hay stock de ${c.product} para el ${c.day}?`,
      question: (c) =>
        `${c.customerName} necesita todo el pedido para el ${c.day}, incluido ${c.product}. ¿Tenemos stock suficiente o le ofrezco una entrega parcial?`,
      customerAsks: (c) => `¿Me pueden asegurar todo para el ${c.day}?`,
      aiHolds: () => "Prefiero confirmarlo antes de prometerlo. Consulto el stock con bodega.",
      answers: ["Sí, hay stock. Se despacha completo.", "Hay stock, confirmado."],
      relay: () => "Confirmado: tenemos stock y el pedido sale completo.",
    },
    {
      tag: "pago",
      title: (c) => `¿Pago a 30 días para ${c.organization ?? c.customerName}?`,
      question: (c) =>
        `${c.customerName}${c.organization ? ` (${c.organization})` : ""} pide pagar a 30 días con factura en vez de al contado. ¿Se lo podemos ofrecer?`,
      customerAsks: () => "¿Podemos pagar a 30 días con factura?",
      aiHolds: () => "Las condiciones de pago las aprueba finanzas. Ya les consulté y le aviso.",
      answers: ["Sí, 30 días con factura, previa evaluación comercial.", "Aprobado a 30 días."],
      relay: () => "Finanzas aprobó el pago a 30 días con factura para este pedido.",
    },
    {
      tag: "facturación",
      onlyFor: ["Despacho semanal a Lima"],
      title: () => "¿Facturar en soles el despacho a Lima?",
      question: (c) =>
        `${c.customerName} quiere que le facturemos en soles y despachemos a Lima cada semana. ¿Podemos facturar en PEN?`,
      customerAsks: () => "¿Nos pueden facturar en soles?",
      aiHolds: () => "Buena pregunta. Lo consulto con el equipo de facturación.",
      answers: ["Sí, facturamos en PEN con el tipo de cambio del día."],
      relay: () => "Sí, podemos facturarle en soles con el tipo de cambio del día.",
    },
  ],
  authorizations: [
    {
      tag: "descuento",
      discount: true,
      title: (c, q) => `Descuento de ${c.pct}% en ${q.number}`,
      question: (c, q) =>
        `${c.customerName} pide un ${c.pct}% de descuento en la ${q.number} (${q.total}); mi límite es 10%. ¿Lo autorizo?`,
      customerAsks: (c) => `¿Me pueden hacer un ${c.pct}% de descuento si confirmo esta semana?`,
      aiHolds: () => "Ese descuento supera lo que puedo aprobar. Lo consulto con mi jefatura.",
      answers: ["Autorizado: es cliente frecuente.", "Ok, autorízalo por esta vez.", "Aprobado por el volumen."],
      relay: (c, q) =>
        `Buenas noticias: se aprobó el ${c.pct}% de descuento. El nuevo total de la ${q.number} es ${q.discounted}.`,
    },
    {
      tag: "despacho",
      title: (_c, q) => `Despacho gratis en ${q.number}`,
      question: (c, q) =>
        `${c.customerName} pide despacho gratis en la ${q.number} (${q.total}). Bajo $1.500.000 normalmente se cobra. ¿Lo liberamos?`,
      customerAsks: () => "¿Pueden incluir el despacho sin costo?",
      aiHolds: () => "Consulto con mi jefatura si podemos liberar el despacho.",
      answers: ["Sí, libéralo.", "Aprobado, compran todos los meses."],
      relay: (_c, q) => `Listo: el despacho de la ${q.number} va sin costo.`,
    },
  ],
  pendingRelay: (_c, q) => `Sigo esperando la aprobación para la ${q.number}. Le aviso apenas tenga respuesta.`,
  pendingNotes: ["Déjalo pendiente hasta fin de mes.", "Todavía no; quiero revisar el margen primero."],
  threadAck: (c) => `Gracias, ya le avisé a ${c.customerFirst}.`,
  quoteFileName: (number) => `Cotización ${number}.pdf`,
  quotePdf: (c, q) => ({
    title: `${c.companyName}: cotización ${q.number}`,
    lines: [
      `Cliente: ${c.customerName}${c.organization ? `, ${c.organization}` : ""}`,
      `Productos: ${q.items}`,
      `Total (IVA incluido): ${q.total}`,
      "Válida por 14 días. Despacho en 2 a 4 días hábiles.",
    ],
  }),
};
