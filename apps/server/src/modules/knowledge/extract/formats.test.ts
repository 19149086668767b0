import { describe, expect, it } from "vitest";
import { csvToSections, detectDelimiter, parseCsvRows } from "./csv.ts";
import { htmlToSections } from "./html.ts";
import { markdownToSections } from "./markdown.ts";
import { pagesToSections, runsToLines } from "./pdf.ts";
import { normaliseBlock } from "./sections.ts";

// The format readers on small inputs: the edge cases real uploads bring that the fixtures do not.

describe("whitespace", () => {
  it("collapses spaces, keeps one blank line between paragraphs, drops invisible characters", () => {
    expect(normaliseBlock("  Uno \t dos\u00a0\u00a0tres\r\n\r\n\r\n\r\ncuatro\u200b\u00ad cinco  \n  seis ")).toBe(
      "Uno dos tres\n\ncuatro cinco\nseis",
    );
  });
});

describe("HTML", () => {
  it("decodes named, decimal and hex references, leaving unknown ones alone", () => {
    expect(
      htmlToSections(
        "<p>&amp; &lt; &gt; &quot; &#39; &#233; &#xF1; &euro; &ntilde; &bogus; &#0; &#x110000; &amp;lt;</p>",
      ),
    ).toEqual([{ heading: null, text: "& < > \" ' é ñ € ñ &bogus; \ufffd \ufffd &lt;" }]);
  });

  it("reads a page in one pass: 200 KB of a tag that never closes takes milliseconds", () => {
    const page = `<h1>Pallets</h1><p>Pallets cost 18 dollars.</p>${"<a x".repeat(50_000)}`;
    const started = performance.now();
    expect(htmlToSections(page)).toEqual([{ heading: "Pallets", text: "Pallets cost 18 dollars." }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("starts sections at h1–h6, nesting the heading path and closing deeper headings", () => {
    const sections = htmlToSections(
      "<h1>A</h1><p>a</p><h3>A3</h3><p>a3</p><h2>B2</h2><p>b2</p><h1>C</h1><p>c</p><h6>C6</h6><p>c6</p>",
    );
    expect(sections).toEqual([
      { heading: "A", text: "a" },
      { heading: "A > A3", text: "a3" },
      { heading: "A > B2", text: "b2" },
      { heading: "C", text: "c" },
      { heading: "C > C6", text: "c6" },
    ]);
  });

  it("reads headings with inline markup and attributes holding '>'", () => {
    const sections = htmlToSections(
      '<h2 class="x" data-note="a > b">Precios <em>2025</em><br>verano</h2><p title="1 > 0">Texto <b>fuerte</b>.</p>',
    );
    expect(sections).toEqual([{ heading: "Precios 2025 verano", text: "Texto fuerte." }]);
  });

  it("keeps preformatted line breaks, and a cell's paragraphs on the cell's line", () => {
    const sections = htmlToSections(
      "<pre>línea 1\n  línea 2</pre><table><tr><td><p>A</p><p>B</p></td><td>C</td></tr><tr><td>D<td>E</table>",
    );
    expect(sections).toEqual([{ heading: null, text: "línea 1\nlínea 2\n\nA B | C\nD | E" }]);
  });

  it("copes with unclosed tags and text outside any element", () => {
    expect(htmlToSections("Hola <b>mundo<p>Segundo <i>párrafo")).toEqual([
      { heading: null, text: "Hola mundo\n\nSegundo párrafo" },
    ]);
  });

  it("keeps the text after a heading left unclosed as text", () => {
    const long = "Texto que sigue al título sin cerrar. ".repeat(8);
    expect(htmlToSections(`<h1>Título<p>${long}`)).toEqual([{ heading: null, text: `Título ${long}`.trim() }]);
  });

  it("puts text before the first heading under the page title", () => {
    expect(htmlToSections("<title>Centro &amp; Aurora</title><p>Intro</p><h1>Uno</h1><p>1</p>")).toEqual([
      { heading: "Centro & Aurora", text: "Intro" },
      { heading: "Uno", text: "1" },
    ]);
  });
});

describe("Markdown", () => {
  it("reads setext headings and closing hashes", () => {
    const sections = markdownToSections("Título\n======\n\nuno\n\nSub\n---\ndos\n\n## Tres ##\ntres\n");
    expect(sections).toEqual([
      { heading: "Título", text: "uno" },
      { heading: "Título > Sub", text: "dos" },
      { heading: "Título > Tres", text: "tres" },
    ]);
  });

  it("treats '#' in ~~~ and ``` fences, and '#hashtags', as text", () => {
    const sections = markdownToSections("# A\n~~~\n# x\n```\n# y\n~~~\n#hashtag\n````md\n## z\n````\n");
    expect(sections).toEqual([{ heading: "A", text: "# x\n```\n# y\n\n#hashtag\n\n## z" }]);
  });

  it("skips front matter, thematic breaks and table delimiter rows", () => {
    const sections = markdownToSections(
      "---\ntitle: Guía\nlayout: page\n---\n# Guía\n\n***\n\n| Curso | Precio |\n|---|:---:|\n| Excel | 120 € |\n",
    );
    expect(sections).toEqual([{ heading: "Guía", text: "| Curso | Precio |\n| Excel | 120 € |" }]);
  });

  it("does not take a list followed by '---' for a heading", () => {
    expect(markdownToSections("- uno\n- dos\n---\ntres")).toEqual([{ heading: null, text: "- uno\n- dos\n\ntres" }]);
  });

  it("reduces emphasis, images, code and quotes, but not snake_case or lone asterisks", () => {
    const [section] = markdownToSections(
      "> **Nota:** usa `npm run build`, ver ![logo](l.png) y <https://ejemplo.es>; file_name_here, 2 * 3 * 4, _énfasis_ y *cursiva*.",
    );
    expect(section!.text).toBe(
      "Nota: usa npm run build, ver logo y https://ejemplo.es; file_name_here, 2 * 3 * 4, énfasis y cursiva.",
    );
  });
});

describe("Markdown in one pass", () => {
  it("reads 200 KB of links that never close in one pass, keeping the text", () => {
    const started = performance.now();
    const sections = markdownToSections(`# Pallets\n\nPallets cost 18 dollars.\n\n${"[a](b".repeat(40_000)}`);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(sections[0]).toEqual({
      heading: "Pallets",
      text: expect.stringMatching(/^Pallets cost 18 dollars\.\n\n\[a\]\(b/),
    });
  });

  it("keeps the text of HTML written in Markdown, without its tags or comments", () => {
    expect(markdownToSections("Uno <b>dos</b> <!-- nota -->\n\n<div>\n<p>Tres</p>\n</div>\n")).toEqual([
      { heading: null, text: "Uno dos\n\nTres" },
    ]);
  });
});

describe("CSV", () => {
  it("parses quoted fields with delimiters, line breaks and doubled quotes", () => {
    expect(parseCsvRows('a,"b, c","d\r\ne","f ""g"""\r\n1,2,3,4')).toEqual([
      ["a", "b, c", "d\r\ne", 'f "g"'],
      ["1", "2", "3", "4"],
    ]);
  });

  it("reads empty last fields, bare CR line ends and text after a closing quote", () => {
    expect(parseCsvRows('a,b,\r1,"x"y,\n')).toEqual([
      ["a", "b", ""],
      ["1", "xy", ""],
    ]);
    expect(parseCsvRows("a,b,")).toEqual([["a", "b", ""]]);
    expect(parseCsvRows("")).toEqual([]);
  });

  it("finds the delimiter from the header row (';' from Spanish spreadsheets, tabs)", () => {
    expect(detectDelimiter('Producto;Precio;"Notas, varias"\nA,B;1;x')).toBe(";");
    expect(detectDelimiter("a\tb\tc\n")).toBe("\t");
    expect(detectDelimiter("solo\n")).toBe(",");
    expect(csvToSections("Producto;Precio\nExcel básico;120,50\n")).toEqual([
      { heading: null, text: "Producto: Excel básico; Precio: 120,50" },
    ]);
  });

  it("copes with ragged rows, blank lines, missing headers and an unclosed quote", () => {
    expect(csvToSections('\ufeffname,,price\n\nAna,x,10,extra\n,,\nLuis,,"5\n')).toEqual([
      { heading: null, text: "name: Ana; Column 2: x; price: 10; Column 4: extra\nname: Luis; price: 5" },
    ]);
  });

  it("reads a header row alone as its names", () => {
    expect(csvToSections("Producto,Precio\n")).toEqual([{ heading: null, text: "Producto; Precio" }]);
  });
});

describe("PDF layout", () => {
  const run = (str: string, y: number, size = 11, hasEOL = false) => ({
    str,
    transform: [size, 0, 0, size, 72, y],
    height: size,
    hasEOL,
  });

  it("groups runs on one baseline into a line", () => {
    const lines = runsToLines([run("Hola", 700), run(" ", 700), run("mundo", 700, 11, true), run("", 690, 11, true)]);
    expect(lines).toEqual([{ text: "Hola mundo", y: 700, size: 11 }]);
    expect(runsToLines([run("uno", 700), run("dos", 680)]).map((line) => line.text)).toEqual(["uno", "dos"]);
  });

  it("finds headings by size, paragraphs by gaps, and rejoins hyphenated words", () => {
    const line = (text: string, y: number, size = 11) => ({ text, y, size });
    const sections = pagesToSections([
      [
        line("Guía del curso", 760, 24),
        line("Horarios de", 720, 16),
        line("secretaría", 702, 16),
        line("La secretaría abre por la ma-", 680),
        line("ñana y por la tarde, de lunes", 667),
        line("a viernes.", 654),
        line("En agosto cierra.", 628),
      ],
      [line("Sigue en la página dos.", 760), line("Precios", 730, 16), line("Excel: 120 €.", 710)],
    ]);
    expect(sections).toEqual([
      {
        heading: "Guía del curso > Horarios de secretaría",
        text: "La secretaría abre por la mañana y por la tarde, de lunes a viernes.\n\nEn agosto cierra.",
      },
      { heading: "Guía del curso > Horarios de secretaría", text: "Sigue en la página dos." },
      { heading: "Guía del curso > Precios", text: "Excel: 120 €." },
    ]);
  });
});
