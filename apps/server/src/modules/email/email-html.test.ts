import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml } from "./email-html.ts";

// The sanitizer against hostile mail: nothing that runs, submits, or loads from elsewhere survives;
// what a person wrote (text, formatting, links, inline images) does.

const clean = (html: string) => sanitizeEmailHtml(html).html;

describe("sanitizeEmailHtml", () => {
  it("keeps what a person wrote: text, formatting, tables, safe colours", () => {
    const html =
      '<p style="color: rgb(10, 20, 30); font-weight: bold">Hello <b>Ana</b>, <i>thanks</i></p>' +
      '<table width="100%" bgcolor="#ffffff"><tr><td colspan="2" valign="top">Total</td></tr></table>' +
      '<font color="red" face="Arial">old style</font><blockquote>quoted</blockquote>';
    expect(clean(html)).toBe(
      html.replace("color: rgb(10, 20, 30); font-weight: bold", "color:rgb(10, 20, 30);font-weight:bold"),
    );
  });

  it("drops scripts, styles, frames, plugins, forms and document-level tags with their content", () => {
    const out = clean(
      '<html><head><title>Secret title</title><style>p{color:red}</style><meta http-equiv="refresh" content="0;url=https://evil.example">' +
        '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"></head>' +
        '<body><script>alert(1)</script><noscript>no</noscript><iframe src="https://evil.example"></iframe>' +
        '<object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input name="card">' +
        "<textarea>typed</textarea></form><svg><script>alert(2)</script></svg><p>Body</p></body></html>",
    );
    expect(out).toBe("<p>Body</p>");
  });

  it("removes event handlers and keeps no javascript:, data: or relative link", () => {
    const out = clean(
      '<p onclick="steal()" onmouseover="x()">Hi</p><img src="cid:logo" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">a</a><a href="&#106;avascript:alert(2)">b</a><a href="jav&#x09;ascript:alert(3)">c</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><a href="//evil.example/x">e</a><a href="/app/companies">f</a>' +
        '<a href="vbscript:x">g</a>',
    );
    expect(out).not.toMatch(/on\w+=|javascript|vbscript|data:text|evil|\/app\//i);
    expect(out).toContain('<img src="cid:logo" />');
    expect(out).toContain('<a rel="noopener noreferrer nofollow" target="_blank">a</a>');
  });

  it("opens links to the web and mail addresses in a new tab, without referrer or opener", () => {
    expect(clean('<a href="https://shop.example/p?id=1" target="_self" rel="opener">shop</a>')).toBe(
      '<a href="https://shop.example/p?id=1" target="_blank" rel="noopener noreferrer nofollow">shop</a>',
    );
    expect(clean('<a href="mailto:sales@shop.example">mail us</a>')).toContain('href="mailto:sales@shop.example"');
  });

  it("shows only images that travel with the mail, and counts the remote ones (tracking pixels) it dropped", () => {
    const result = sanitizeEmailHtml(
      '<img src="https://track.example/open.gif?u=1" width="1" height="1"><img src="http://cdn.example/logo.png">' +
        '<img src="//cdn.example/x.png"><img src="/relative.png"><img src="data:text/html;base64,PHNjcmlwdD4=">' +
        '<img src="cid:part1.abc@shop.example" alt="logo"><img src="data:image/png;base64,iVBORw0KGgo=">' +
        '<img srcset="https://track.example/a.png 2x" src="cid:x">',
    );
    expect(result.html).toBe(
      '<img src="cid:part1.abc@shop.example" alt="logo" /><img src="data:image/png;base64,iVBORw0KGgo=" /><img src="cid:x" />',
    );
    expect(result.remoteImagesDropped).toBe(4);
  });

  it("drops styles that could load or run something, however they are spelled", () => {
    for (const style of [
      "background: url(https://track.example/p.gif)",
      "background-image: URL( 'https://track.example/p.gif' )",
      "width: expression(alert(1))",
      "background: image-set('https://track.example/a.png' 1x)",
      "background: u\\72l(https://track.example/p.gif)",
      "behavior: url(x.htc)",
      "-moz-binding: url(https://evil.example/x.xml#x)",
    ]) {
      expect(clean(`<div style="${style}">x</div>`), style).toBe("<div>x</div>");
    }
    expect(clean('<div style="width: calc(100% - 10px); color: hsl(10, 50%, 50%)">x</div>')).toContain("calc(");
  });
});
