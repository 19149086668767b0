// `npm run bench -- knowledge`: the knowledge base's indexing speed and search latency, on
// PGlite and on PostgreSQL, through the real server's HTTP API as the demo owner.
//  - Indexing: a 100-page PDF (a heading and ~2,500 characters of text on every page, drawn here with
//    pdfkit) uploaded three times, each timed from the upload to the entry reading `indexed`; pages per
//    second. The baseline, timed alternately in the same run: unpdf reading the same PDF's text in this
//    process (what extraction alone costs, without chunking, stemming and storing).
//  - Search: the knowledge base grown to ≥ 10,000 chunks with generated Markdown handbooks (English and
//    Spanish, varied vocabulary), then `POST /app/knowledge_base/search.json` with varied questions, one at
//    a time and 10 at a time; p50/p95/p99. The baseline: as many `GET /app/me.json`, in alternating rounds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PDFDocument from "pdfkit";
import pg from "pg";
import { getDocumentProxy } from "unpdf";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";
import { percentile } from "./stats.mjs";

const PAGES = 100;
const PAGE_CHARS = 2500;
const PDF_RUNS = 3;
const TARGET_CHUNKS = 10_000;
const SEARCHES = Number(process.env.KNOWLEDGE_BENCH_SEARCHES ?? 300);
const ROUND = 50;
/** A warm-up search slower than this is reported as such rather than measured 600 times. */
const SLOW_SEARCH_MS = 5000;

// ---------------------------------------------------------------------------------------------------
// Generated text: a seeded shop-and-school handbook in English or Spanish, section by section. Each
// section is about a topic (most of its nouns come from ten drawn for it; the rest from the whole list,
// its head more often), with verbs and adjectives from longer lists and a few product codes, so that a
// question's words are in some passages and not in most, as in a real knowledge base.

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (text) => text.trim().split(/\s+/);
const LANGUAGES = {
  en: {
    nouns: words(`order delivery refund invoice warranty customer course price discount payment shipping store
      schedule teacher student certificate enrolment classroom manual battery charger printer pallet box tape
      label parcel courier address account password subscription plan upgrade support ticket complaint repair
      replacement exchange voucher gift card membership fee deposit instalment receipt contract supplier stock
      warehouse catalogue model size colour material fabric leather cotton steel aluminium glass screen cable
      adapter keyboard mouse laptop tablet phone headset speaker camera lens tripod backpack suitcase bicycle
      helmet lamp chair desk shelf cabinet mattress pillow blanket kettle espresso grinder blender toaster
      oven fridge freezer dishwasher washer dryer vacuum heater fan filter cartridge ink toner paper notebook
      pen marker calculator licence software update backup cloud storage email newsletter holiday weekend
      morning afternoon evening branch office reception parking library exam level grade scholarship timetable
      tent stove lantern sleeping bag compass kayak paddle wetsuit snorkel surfboard skateboard scooter tyre
      pump lock basket saddle pedal chain gear brake bell mirror wallet belt scarf glove boot sandal jacket
      raincoat umbrella watch bracelet necklace ring perfume shampoo soap towel curtain carpet rug vase frame
      candle plant seed soil hose mower drill hammer saw ladder paint brush glue nail screw bolt hinge socket
      plug bulb switch thermostat router modem antenna projector microphone guitar violin piano drum ticket
      seat trolley locker uniform badge tutor lecture seminar workshop assignment thesis diploma transcript`),
    verbs: words(`covers includes requires allows ships arrives costs lasts starts ends replaces refunds charges
      accepts offers protects explains describes lists needs follows opens closes renews cancels confirms
      reaches returns holds keeps leaves brings sends shows gives takes makes uses fits suits matches beats
      supports handles stores carries fixes cleans heats cools charges measures prints records plays saves`),
    adjectives: words(`standard express free annual monthly new used damaged original digital printed advanced
      basic intensive online local national international extended limited full partial urgent weekly
      compact portable wireless waterproof recycled premium small large heavy light quiet loud bright dark
      soft hard warm cold dry wet smooth rough narrow wide short long thin thick cheap expensive durable
      fragile flexible rigid reliable simple modern classic elegant sturdy handmade electric manual automatic
      rechargeable adjustable foldable washable organic seasonal optional mandatory certified refurbished`),
    glue: words(`the a for with within after before during on by to from of and or each every your our this`),
    headings: words(`Shipping Returns Warranty Payments Courses Enrolment Opening hours Accounts Repairs Products
      Discounts Invoices Deliveries Exchanges Memberships Support`),
  },
  es: {
    nouns: words(`pedido envío reembolso factura garantía cliente curso precio descuento pago tienda horario
      profesor alumno certificado matrícula aula manual batería cargador impresora palé caja cinta etiqueta
      paquete mensajero dirección cuenta contraseña suscripción plan mejora soporte incidencia reclamación
      reparación sustitución cambio vale tarjeta regalo socio cuota fianza plazo recibo contrato proveedor
      almacén catálogo modelo talla color material tejido cuero algodón acero aluminio vidrio pantalla cable
      adaptador teclado ratón portátil tableta móvil auriculares altavoz cámara objetivo trípode mochila
      maleta bicicleta casco lámpara silla mesa estantería armario colchón almohada manta hervidor cafetera
      molinillo batidora tostadora horno nevera congelador lavavajillas lavadora secadora aspiradora estufa
      ventilador filtro cartucho tinta tóner papel cuaderno bolígrafo rotulador calculadora licencia
      programa actualización copia nube correo boletín vacaciones fin semana mañana tarde noche sucursal
      oficina recepción aparcamiento biblioteca examen nivel nota beca calendario tienda hornillo farol saco
      brújula kayak remo neopreno tubo tabla monopatín patinete neumático bomba candado cesta sillín pedal
      cadena marcha freno timbre espejo cartera cinturón bufanda guante bota sandalia chaqueta chubasquero
      paraguas reloj pulsera collar anillo perfume champú jabón toalla cortina alfombra jarrón marco vela
      planta semilla tierra manguera cortacésped taladro martillo sierra escalera pintura pincel pegamento
      clavo tornillo perno bisagra enchufe clavija bombilla interruptor termostato router módem antena
      proyector micrófono guitarra violín piano tambor entrada asiento carrito taquilla uniforme insignia
      tutor clase seminario taller trabajo tesis diploma expediente`),
    verbs: words(`cubre incluye requiere permite envía llega cuesta dura empieza termina sustituye reembolsa
      cobra acepta ofrece protege explica describe enumera necesita sigue abre cierra renueva cancela confirma
      alcanza devuelve mantiene guarda deja trae manda muestra da toma hace usa encaja sirve combina supera
      soporta maneja almacena lleva arregla limpia calienta enfría mide imprime registra reproduce ahorra`),
    adjectives: words(`estándar urgente gratuito anual mensual nuevo usado dañado original digital impreso
      avanzado básico intensivo online local nacional internacional ampliado limitado completo parcial
      semanal compacto portátil inalámbrico impermeable reciclado prémium pequeño grande pesado ligero
      silencioso ruidoso brillante oscuro blando duro cálido frío seco mojado suave áspero estrecho ancho
      corto largo fino grueso barato caro duradero frágil flexible rígido fiable sencillo moderno clásico
      elegante robusto artesanal eléctrico manual automático recargable ajustable plegable lavable ecológico
      estacional opcional obligatorio certificado reacondicionado`),
    glue: words(`el la los las un una para con dentro después antes durante en por a desde de y o cada todo
      su nuestro este esta`),
    headings: words(`Envíos Devoluciones Garantía Pagos Cursos Matrícula Horarios Cuentas Reparaciones Productos
      Descuentos Facturas Entregas Cambios Socios Soporte`),
  },
};

/** Picks from a list, the head more often than the tail (index ∝ r², a rough Zipf). */
const pick = (rand, list) => list[Math.floor(rand() * rand() * list.length)];
const capital = (text) => text[0].toUpperCase() + text.slice(1);
const code = (rand) =>
  `${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}-${1000 + Math.floor(rand() * 9000)}`;

/**
 * A section's text: ~`chars` characters in paragraphs about one topic (ten nouns drawn evenly, used for
 * most nouns; the rest drawn from the whole list, head first), under a heading naming two of them.
 */
function section(rand, lang, chars) {
  const l = LANGUAGES[lang];
  const topic = Array.from({ length: 10 }, () => l.nouns[Math.floor(rand() * l.nouns.length)]);
  const any = (list) => list[Math.floor(rand() * list.length)];
  const noun = () => (rand() < 0.7 ? any(topic) : pick(rand, l.nouns));
  const sentence = () => {
    const parts = [pick(rand, l.glue), ...(rand() < 0.6 ? [any(l.adjectives)] : []), noun(), any(l.verbs)];
    parts.push(pick(rand, l.glue), noun());
    if (rand() < 0.5) parts.push(pick(rand, l.glue), any(l.adjectives), noun());
    if (rand() < 0.015) parts.push(lang === "en" ? "model" : "modelo", code(rand));
    if (rand() < 0.3) parts.push(pick(rand, l.glue), `${1 + Math.floor(rand() * 500)}`, noun());
    return `${capital(parts.join(" "))}.`;
  };
  const paragraphs = [];
  for (let length = 0; length < chars; length += paragraphs.at(-1).length + 2)
    paragraphs.push(Array.from({ length: 4 + Math.floor(rand() * 4) }, sentence).join(" "));
  const heading = `${pick(rand, l.headings)}: ${topic[0]} ${lang === "en" ? "and" : "y"} ${topic[1]}`;
  return { heading, paragraphs };
}

/** A PDF of `pages` A4 pages, each a heading and ~`chars` characters of body text (pdfkit, Helvetica). */
export function handbookPdf({ pages = PAGES, chars = PAGE_CHARS, seed = 13 } = {}) {
  const rand = random(seed);
  return new Promise((resolve, reject) => {
    const fixedDate = new Date(Date.UTC(2026, 10, 24));
    const doc = new PDFDocument({ size: "A4", margin: 56, autoFirstPage: false, info: { CreationDate: fixedDate } });
    const parts = [];
    doc.on("data", (part) => parts.push(part));
    doc.on("end", () => resolve(Buffer.concat(parts)));
    doc.on("error", reject);
    for (let page = 1; page <= pages; page++) {
      const lang = page % 3 === 0 ? "es" : "en";
      doc.addPage();
      const { heading, paragraphs } = section(rand, lang, chars);
      doc.font("Helvetica-Bold").fontSize(16).text(`${page}. ${heading}`).moveDown(0.5);
      for (const text of paragraphs) doc.font("Helvetica").fontSize(10).text(text).moveDown(0.6);
    }
    doc.end();
  });
}

/** A Markdown handbook: `sections` sections of ~2,600 characters under ## headings (~4 search chunks each). */
export function handbookMarkdown({ sections, seed }) {
  const rand = random(seed);
  const lang = seed % 2 === 0 ? "en" : "es";
  const lines = [`# ${lang === "en" ? "Handbook" : "Manual"} ${seed}`, ""];
  for (let i = 0; i < sections; i++) {
    const { heading, paragraphs } = section(rand, lang, 2600);
    lines.push(`## ${heading}`, "", ...paragraphs.flatMap((text) => [text, ""]));
  }
  return lines.join("\n");
}

// Questions a customer or a member of staff would ask, in both languages, some with a product code.
const QUERIES = [
  "How much does express shipping cost?",
  "refund for a damaged order",
  "warranty on the wireless headset",
  "Can I pay the course fee in instalments?",
  "¿Cuánto cuesta el envío urgente?",
  "política de devoluciones",
  "reembolso de un pedido dañado",
  "garantía de la cafetera",
  "opening hours of the branch office on weekends",
  "horario de la biblioteca",
  "student discount for the intensive course",
  "descuento para alumnos del curso intensivo",
  "replace the printer cartridge",
  "tinta y tóner para la impresora",
  "change my account password",
  "cambiar la contraseña de la cuenta",
  "invoice with the delivery address",
  "factura del pedido",
  "model KT-4821",
  "modelo BR-2203 batería",
  "certificate after the exam",
  "certificado del curso avanzado",
  "cancel my monthly subscription",
  "cancelar la suscripción anual",
  "Is the parcel courier free for international orders?",
  "¿El mensajero llega el fin de semana?",
  "gift card voucher exchange",
  "vale regalo y tarjeta",
  "repair of a laptop screen",
  "reparación de la pantalla del portátil",
  "membership deposit receipt",
  "cuota de socio y recibo",
  "recycled paper notebook",
  "colchón y almohada",
  "espresso grinder filter",
  "lavadora secadora garantía ampliada",
];

// ---------------------------------------------------------------------------------------------------

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => (performance.now() - since) / 1000;

/** Runs `count` calls of `fn(i)` from `concurrency` workers; answers each call's milliseconds. */
async function timed(count, concurrency, fn) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        await fn(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

/** unpdf reading every page's text, as the server's extractor starts: the indexing baseline. */
async function bareRead(bytes) {
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  let chars = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ("str" in item) chars += item.str.length;
    page.cleanup();
  }
  await document.destroy();
  return chars;
}

/** Kills the server's process group outright and waits until none of it is left. */
async function killServer(child) {
  const alive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-child.pid, "SIGKILL");
  while (alive()) await sleep(20);
}

async function benchEngine(engine, databaseUrl, { pdf, pdfChars }) {
  const port = 3195;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-knowledge-bench-"));
  const env = { RATE_LIMIT_MAX: "100000000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const { child } = await startServer({ port, dataDir, env, timeoutMs: 180_000 });
  // Set when a request was abandoned: the server may be stuck in that query and not answer SIGTERM.
  let abandoned = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const auth = { authorization: `Bearer ${token}`, "x-company-id": companyId };
    const headers = { ...auth, "content-type": "application/json" };

    const upload = async (name, bytes, type) => {
      const form = new FormData();
      form.append("file", new Blob([bytes], { type }), name);
      return json(`${base}/app/knowledge_base_entries.json`, { method: "POST", headers: auth, body: form });
    };
    const indexed = async (id) => {
      for (;;) {
        const entry = await json(`${base}/app/knowledge_base_entries/${id}.json`, { headers: auth });
        if (entry.status === "indexed") return entry;
        if (entry.status === "failed") throw new Error(`${engine}: entry ${entry.title} failed: ${entry.error}`);
        await sleep(50);
      }
    };
    const entries = async () => (await json(`${base}/app/knowledge_base_entries.json`, { headers: auth })).entries;

    // Warm-up: the job queue's first start, unpdf's first load, the JIT.
    await indexed((await upload("warm-up.pdf", await handbookPdf({ pages: 3, seed: 1 }), "application/pdf")).id);

    // Indexing: the bare read and the upload, alternately.
    const runs = [];
    for (let run = 1; run <= PDF_RUNS; run++) {
      let started = performance.now();
      const chars = await bareRead(pdf);
      const bare = seconds(started);
      if (chars < PAGES * PAGE_CHARS * 0.9) throw new Error(`the PDF holds only ${chars} characters of text`);
      started = performance.now();
      const entry = await indexed((await upload(`handbook-${run}.pdf`, pdf, "application/pdf")).id);
      const server = seconds(started);
      if (entry.pages !== PAGES) throw new Error(`${engine}: the PDF was read as ${entry.pages} pages`);
      runs.push({ server, bare, chunks: entry.chunk_count });
      console.log(
        `  ${engine} PDF ${run}: upload → indexed ${server.toFixed(2)} s (${(PAGES / server).toFixed(1)} pages/s, ${entry.chunk_count} chunks); unpdf alone ${bare.toFixed(2)} s`,
      );
    }

    // The corpus: Markdown handbooks until the company holds ≥ 10,000 chunks.
    const chunkTotal = async () => (await entries()).reduce((sum, e) => sum + e.chunk_count, 0);
    const corpusStarted = performance.now();
    let files = 0;
    let corpusChunks = 0;
    for (let total = await chunkTotal(); total < TARGET_CHUNKS; total = await chunkTotal()) {
      // 400 sections make about 1,600 chunks (1.1 MB); the loop adds more if that fell short.
      const batch = Math.ceil((TARGET_CHUNKS - total) / 1600);
      const ids = [];
      for (let i = 0; i < batch; i++) {
        const markdown = handbookMarkdown({ sections: 400, seed: 100 + files++ });
        ids.push((await upload(`handbook-${files}.md`, markdown, "text/markdown")).id);
      }
      for (const id of ids) corpusChunks += (await indexed(id)).chunk_count;
    }
    const corpusSeconds = seconds(corpusStarted);
    const all = await entries();
    const apiChunks = all.reduce((sum, e) => sum + e.chunk_count, 0);
    let sqlChunks = null;
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query("select count(*)::int as n from knowledge_chunks where company_id = $1", [
          companyId,
        ]);
        sqlChunks = rows[0].n;
      } finally {
        await client.end();
      }
      if (sqlChunks !== apiChunks) throw new Error(`${engine}: ${apiChunks} chunks by the API, ${sqlChunks} in SQL`);
    }
    console.log(
      `  ${engine} corpus: ${files} Markdown files, ${corpusChunks.toLocaleString("en-US")} chunks indexed in ${corpusSeconds.toFixed(1)} s (${(corpusChunks / corpusSeconds).toFixed(0)} chunks/s); ${all.length} entries, ${apiChunks.toLocaleString("en-US")} chunks by the API${sqlChunks === null ? "" : `, ${sqlChunks.toLocaleString("en-US")} by SQL`}`,
    );

    // Search against me.json, in alternating rounds of 50, one at a time and 10 at a time.
    let found = 0;
    const search = async (i, signal) => {
      const { passages } = await json(`${base}/app/knowledge_base/search.json`, {
        method: "POST",
        headers,
        body: JSON.stringify({ query: QUERIES[i % QUERIES.length] }),
        signal,
      });
      if (passages.length > 0) found++;
    };
    const me = () => json(`${base}/app/me.json`, { headers: auth });
    const result = { engine, runs, pdfChars, chunks: apiChunks, corpusChunks, corpusSeconds, latency: [] };
    // Warm-up: every question once, one at a time; one slower than SLOW_SEARCH_MS ends the search part.
    for (let i = 0; i < QUERIES.length; i++) {
      const started = performance.now();
      try {
        await search(i, AbortSignal.timeout(60_000));
      } catch (error) {
        if (error.name !== "TimeoutError") throw error;
        abandoned = true;
      }
      const ms = performance.now() - started;
      if (abandoned || ms > SLOW_SEARCH_MS) {
        console.log(
          `  ${engine} search: "${QUERIES[i]}" took ${abandoned ? "over 60 s (abandoned)" : `${(ms / 1000).toFixed(1)} s`}; not measured further`,
        );
        return { ...result, slowSearch: { query: QUERIES[i], ms: abandoned ? null : ms } };
      }
    }
    await timed(30, 1, me);
    for (const concurrency of [1, 10]) {
      const searchTimes = [];
      const meTimes = [];
      found = 0;
      for (let done = 0; done < SEARCHES; done += ROUND) {
        const n = Math.min(ROUND, SEARCHES - done);
        searchTimes.push(...(await timed(n, concurrency, (i) => search(done + i))));
        meTimes.push(...(await timed(n, concurrency, me)));
      }
      if (found < SEARCHES * 0.9) throw new Error(`${engine}: only ${found} of ${SEARCHES} searches found passages`);
      result.latency.push({ concurrency, search: searchTimes, me: meTimes, found });
    }
    return result;
  } finally {
    // stopServer would wait for a SIGTERM the stuck server cannot act on (and for the exit of a killed npm).
    if (abandoned) await killServer(child);
    else await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => percentile(values, 50);
const fixed = (value, digits, width) => value.toFixed(digits).padStart(width);

function report(r) {
  const pagesPerS = r.runs.map((run) => PAGES / run.server);
  const barePerS = r.runs.map((run) => PAGES / run.bare);
  const ratios = r.runs.map((run) => run.bare / run.server);
  console.log(
    `\n${r.engine}: a ${PAGES}-page PDF (${r.pdfChars.toLocaleString("en-US")} characters), ${PDF_RUNS} uploads`,
  );
  console.log("  pages/s median (best)   unpdf alone pages/s   ratio median   chunks");
  console.log(
    `  ${fixed(median(pagesPerS), 1, 6)} (${Math.max(...pagesPerS).toFixed(1)})${" ".repeat(13)}${fixed(median(barePerS), 1, 6)}${" ".repeat(9)}${fixed(median(ratios), 3, 6)}   ${r.runs[0].chunks}`,
  );
  console.log(
    `  corpus: ${r.corpusChunks.toLocaleString("en-US")} Markdown chunks at ${(r.corpusChunks / r.corpusSeconds).toFixed(0)} chunks/s`,
  );
  if (r.slowSearch) {
    const took = r.slowSearch.ms === null ? "over 60 s" : `${(r.slowSearch.ms / 1000).toFixed(1)} s`;
    console.log(
      `${r.engine}: search over ${r.chunks.toLocaleString("en-US")} chunks: NOT MEASURED, "${r.slowSearch.query}" took ${took} (limit ${SLOW_SEARCH_MS / 1000} s)`,
    );
    return;
  }
  console.log(`${r.engine}: search over ${r.chunks.toLocaleString("en-US")} chunks, ${SEARCHES} calls each (ms)`);
  console.log("  conc   search p50    p95    p99   me.json p50    p95    p99   p95 ratio   hits");
  for (const l of r.latency) {
    const s = [50, 95, 99].map((p) => percentile(l.search, p));
    const m = [50, 95, 99].map((p) => percentile(l.me, p));
    console.log(
      `  ${String(l.concurrency).padStart(4)}   ${fixed(s[0], 1, 10)} ${fixed(s[1], 1, 6)} ${fixed(s[2], 1, 6)}   ${fixed(m[0], 1, 11)} ${fixed(m[1], 1, 6)} ${fixed(m[2], 1, 6)}   ${fixed(s[1] / m[1], 1, 9)}   ${l.found}/${SEARCHES}`,
    );
  }
}

export async function benchKnowledge({ only } = {}) {
  console.log(
    `\nKnowledge base: a ${PAGES}-page PDF uploaded ${PDF_RUNS} times (upload → indexed), then ${SEARCHES} searches over ≥ ${TARGET_CHUNKS.toLocaleString("en-US")} chunks`,
  );
  const pdf = await handbookPdf();
  const pdfChars = await bareRead(pdf);
  console.log(
    `  PDF: ${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KB, ${pdfChars.toLocaleString("en-US")} characters of text`,
  );
  const rows = [];
  if (only !== "postgres") rows.push(await benchEngine("pglite", undefined, { pdf, pdfChars }));
  if (only !== "pglite") {
    if (await postgresAnswers())
      rows.push(
        await withScratchDatabase(`foreman_knowledge_bench_${process.pid}`, (url) =>
          benchEngine("postgres", url, { pdf, pdfChars }),
        ),
      );
    else console.log(`PostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  for (const row of rows) report(row);
  return rows;
}
