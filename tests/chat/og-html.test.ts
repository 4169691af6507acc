/**
 * Link-preview pages read with an HTML parser (server/chat-sandbox/og-html.ts): the markup that
 * patterns over the text get wrong, and the same preview through fetchOpenGraph.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOpenGraph } from '../../server/chat-sandbox/og.js';
import { readPageMeta } from '../../server/chat-sandbox/og-html.js';

const metaOf = (html: string) => Object.fromEntries(readPageMeta(html).meta);

describe('reading a page with an HTML parser', () => {
  it('reads attributes in any order, case and quoting, with content before property', () => {
    const html = `<head>
      <meta content="Derby day" property="og:title">
      <META CONTENT='Who won' Property='og:description'>
      <meta property=og:url content=https://league.example/news/>
      <meta itemprop="image" content="/i.png" ></head>`;
    expect(metaOf(html)).toEqual({
      'og:title': 'Derby day',
      'og:description': 'Who won',
      'og:url': 'https://league.example/news/',
      image: '/i.png',
    });
  });

  it('keeps a > inside a quoted value in the value', () => {
    expect(metaOf(`<meta content="Goals > excuses" property="og:title"><meta name="x" content="y">`)).toEqual({
      'og:title': 'Goals > excuses',
      x: 'y',
    });
  });

  it('decodes every named and numeric entity exactly once', () => {
    const html = `<meta property="og:title" content="Fish &amp;amp; chips &euro;5 &eacute;t&eacute; &#x2013; &#8212;">
      <title>Caf&eacute; &lt;b&gt; &amp;lt;</title>`;
    expect(readPageMeta(html)).toMatchObject({
      meta: new Map([['og:title', 'Fish &amp; chips \u20ac5 \u00e9t\u00e9 \u2013 \u2014']]),
      title: 'Caf\u00e9 <b> &lt;',
    });
  });

  it('ignores meta tags in comments, scripts, styles, text areas, noscript, templates and attribute values', () => {
    const html = `<head>
      <!-- <meta property="og:title" content="Commented"> -- > still a comment -->
      <script>if (a < b) document.write('<meta property="og:title" content="Scripted">');</script>
      <style>/* <meta property="og:title" content="Styled"> */</style>
      <div title='<meta property="og:title" content="In an attribute">'></div>
      <textarea><meta property="og:title" content="Typed"></textarea>
      <noscript><meta property="og:image" content="/noscript.png"></noscript>
      <template><meta property="og:image" content="/template.png"></template>
      <meta property="og:title" content="The real title">
    </head>`;
    expect(metaOf(html)).toEqual({ 'og:title': 'The real title' });
  });

  it('takes the first non-empty content of a key, and keys case-insensitively', () => {
    const html = `<meta property="OG:Title" content="  "><meta property="og:title" content="First">
      <meta property="og:title" content="Second"><meta name="Description" content="Words">`;
    expect(metaOf(html)).toEqual({ 'og:title': 'First', description: 'Words' });
  });

  it("reads the document's first <title> as text, not an SVG icon's", () => {
    const html = `<svg><title>Menu icon</title></svg><title>Match <report> &amp; table</title><title>Later</title>`;
    expect(readPageMeta(html).title).toBe('Match <report> & table');
    expect(readPageMeta('<p>No title here</p>').title).toBeUndefined();
  });

  it('finds the declared charset in <meta charset> or an http-equiv content type', () => {
    expect(readPageMeta(`<meta charset=' windows-1252 '><title>x</title>`).charset).toBe('windows-1252');
    expect(readPageMeta(`<meta content="text/html; charset=ISO-8859-1" http-equiv="Content-Type">`).charset).toBe(
      'ISO-8859-1',
    );
    expect(readPageMeta(`<!-- <meta charset="koi8-r"> --><p>`).charset).toBeUndefined();
  });
});

describe('a preview of markup that patterns get wrong', () => {
  let pages: Server;
  let base: string;

  beforeAll(async () => {
    pages = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head>
        <svg><title>Logo</title></svg>
        <title>Fallback</title>
        <script>document.write('<meta property="og:image" content="/scripted.png">')</script>
        <meta content="Cup final &gt; league" property="og:title">
        <meta content='Tickets &amp;amp; times' name='twitter:description'>
        <meta property=og:image content=/images/final.png>
        <meta property="og:site_name" content="Riverside &amp; District">
      </head><body></body></html>`);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('previews the page as its parsed markup says', async () => {
    expect(await fetchOpenGraph(`${base}/final`, { allowPrivate: true })).toEqual({
      og_scrape_url: `${base}/final`,
      title: 'Cup final > league',
      title_link: `${base}/final`,
      text: 'Tickets &amp; times',
      image_url: `${base}/images/final.png`,
      thumb_url: `${base}/images/final.png`,
      site_name: 'Riverside & District',
      author_name: 'Riverside & District',
    });
  });
});
