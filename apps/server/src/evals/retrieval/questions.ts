// The retrieval eval's questions: what customers of the two demo companies ask, in their own words
// (not the documents'), each with the demo document that answers it and a phrase of the passage that
// holds the answer. Some Spanish questions come without accents, as they are often typed.

export type RetrievalQuestion = {
  id: string;
  company: "Northwind Supply" | "Andes Comercial";
  language: "en" | "es";
  question: string;
  /** The title of the knowledge entry that answers it. */
  title: string;
  /** A phrase the answering passage contains (compared without case or extra spaces). */
  passage: string;
};

const NORTHWIND = "Northwind Supply";
const ANDES = "Andes Comercial";
const PRICES = "Price list";
const POLICY = "Shipping and returns policy";
const FAQ = "Product FAQ";
const PRECIOS = "Lista de precios";
const POLITICA = "Política de despachos y devoluciones";
const PREGUNTAS = "Preguntas frecuentes";

const en = (id: string, question: string, title: string, passage: string): RetrievalQuestion => ({
  id: `en-${id}`,
  company: NORTHWIND,
  language: "en",
  question,
  title,
  passage,
});
const es = (id: string, question: string, title: string, passage: string): RetrievalQuestion => ({
  id: `es-${id}`,
  company: ANDES,
  language: "es",
  question,
  title,
  passage,
});

export const RETRIEVAL_QUESTIONS: RetrievalQuestion[] = [
  en("jack-price", "How much is the manual pallet jack?", PRICES, "SKU: NW-JACK-25"),
  en("gloves-price", "What do you charge for a box of the nitrile gloves?", PRICES, "SKU: NW-GLV-L"),
  en("tape-case", "How many rolls do I get in a case of packing tape?", PRICES, "Case of 36 rolls"),
  en("cut-off", "What time should I place my order so it goes out the same day?", POLICY, "2:00 pm Central Time"),
  en("transit-west", "How long will a delivery to California take?", POLICY, "| Zone 4 | California"),
  en("canada", "Do you ship to Canada, and will I have to pay customs duties?", POLICY, "Mississauga, Ontario"),
  en("parcel-cost", "How much is shipping on a small parcel order?", POLICY, "flat $12.95 per order"),
  en("free-shipping", "How much do I have to spend to get free delivery?", POLICY, "$250 or more"),
  en("pickup", "Can I collect my order myself at your warehouse?", POLICY, "1200 Logistics Drive"),
  en("return-window", "How many days do I have to send an item back?", POLICY, "within 30 days of delivery"),
  en("restocking", "Is there a fee if I return something I already opened?", POLICY, "15% restocking fee"),
  en("damaged", "Our order arrived with crushed cartons. Who do I report it to?", POLICY, "claims@northwind.example"),
  en("refund-time", "When will I get my money back after a return?", POLICY, "within 5 business days after"),
  en("desk-warranty", "What is the warranty on the standing desk's motor?", FAQ, "3 years on the motor"),
  en("assembly", "Can your team put the shelving racks together for us on site?", FAQ, "$65 per unit"),
  en("bulk-discount", "Do you give a discount if we order in bulk?", FAQ, "12% off from $10,000"),
  en("net-30", "Can we pay on Net 30 terms instead of by card?", FAQ, "first credit limit of $5,000"),
  en("invoice", "Where do I get an invoice for my purchase?", FAQ, "PDF invoice is emailed"),
  en("label-printer", "Will your 4x6 shipping labels work in my Zebra printer?", FAQ, "Zebra ZD420"),
  en("export-pallets", "Are your pallets heat treated so I can use them for export?", FAQ, "accepted for export"),

  es("aceite-precio", "¿Cuánto vale el bidón de aceite de oliva?", PRECIOS, "SKU: AC-ACE-5L"),
  es("cafe-precio", "precio del cafe por kilo", PRECIOS, "SKU: AC-CAF-1K"),
  es("te-volumen", "cuanto sale la caja de te verde si compro varias", PRECIOS, "3.900 por caja desde 24 cajas"),
  es("hora-corte", "¿Hasta qué hora puedo pedir para que lo preparen el mismo día?", POLITICA, "13:00 horas"),
  es("plazo-valparaiso", "en cuantos dias llega un pedido a Valparaiso", POLITICA, "Zona 2 — Valparaíso"),
  es("lima", "¿Hacen envíos a Lima?", POLITICA, "cada miércoles"),
  es("costo-envio", "cuanto cobran por el despacho en la region metropolitana", POLITICA, "$6.990 por pedido"),
  es("envio-gratis", "¿Desde qué monto el despacho sale gratis?", POLITICA, "$150.000 netos"),
  es("retiro", "puedo ir a buscar el pedido yo mismo a la bodega?", POLITICA, "Av. Lo Boza 8450"),
  es("plazo-devolucion", "¿Cuántos días tengo para devolver un producto?", POLITICA, "10 días corridos"),
  es("palta-danada", "me llegaron las paltas en mal estado, como reclamo?", POLITICA, "para la palta el plazo es"),
  es("reembolso", "cuanto demora el reembolso de una devolucion", POLITICA, "7 días hábiles"),
  es("cafe-molido", "¿Me pueden mandar el café ya molido para espresso?", PREGUNTAS, "molienda fina"),
  es("paltas-caja", "cuantas paltas vienen en cada caja", PREGUNTAS, "entre 36 y 42 paltas"),
  es("descuento", "¿Tienen algún descuento por comprar en grandes cantidades?", PREGUNTAS, "3% de descuento"),
  es("medios-pago", "que formas de pago tienen? se puede con tarjeta?", PREGUNTAS, "Mercado Pago"),
  es("factura", "necesito factura a nombre de mi empresa con RUT", PREGUNTAS, "factura electrónica"),
  es("chocolate-gluten", "el chocolate tiene gluten?", PREGUNTAS, "trazas de almendra"),
  es("pallet-harina", "¿Cuántos sacos de harina caben en un pallet?", PREGUNTAS, "40 sacos de harina de 25 kg"),
  es("canastas", "hacen canastas de navidad para los trabajadores de una empresa?", PREGUNTAS, "10 de diciembre"),
];
