/**
 * A page's preview data read with an HTML parser (htmlparser2): `<meta property|name|itemprop=…
 * content=…>` tags (og:*, twitter:*, description, author), the first `<title>` and the declared
 * charset. The parser does what markup needs and patterns miss: attributes in any order and
 * quoting, entities decoded once, `>` inside quoted values, comments, and the raw text of
 * `<script>`, `<style>`, `<textarea>` and `<title>`. Tags inside `<noscript>` and `<template>`
 * are not the page's own and are skipped, as are SVG and MathML titles.
 */
import { Parser } from 'htmlparser2';

export interface PageMeta {
  /** Lower-cased meta key (property or name) → its first content. */
  meta: Map<string, string>;
  title?: string;
  /** The charset a `<meta charset>` or `http-equiv` tag declares, if any. */
  charset?: string;
}

/** Elements whose content is not read. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'textarea']);
/** Foreign content, whose `<title>` is not the document's. */
const FOREIGN = new Set(['svg', 'math']);

/** Collapses white space and trims; undefined when nothing is left. */
export function clean(text: string | undefined, maxLength = 1000): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  if (!value) return undefined;
  return value.length > maxLength ? `${value.slice(0, maxLength - 1)}…` : value;
}

export function readPageMeta(html: string): PageMeta {
  const page: PageMeta = { meta: new Map() };
  const open = { skipped: 0, foreign: 0 };
  /** The text of the `<title>` being read, if one is open. */
  let title: string[] | undefined;

  const readMeta = (attributes: Record<string, string>) => {
    const declared = attributes.charset?.trim();
    if (declared && !page.charset) page.charset = declared;
    if (attributes['http-equiv']?.trim().toLowerCase() === 'content-type' && !page.charset) {
      page.charset = /charset\s*=\s*["']?([\w-]+)/i.exec(attributes.content ?? '')?.[1];
    }
    const key = (attributes.property ?? attributes.name ?? attributes.itemprop)?.trim().toLowerCase();
    const content = attributes.content;
    if (key && content !== undefined && content.trim() !== '' && !page.meta.has(key)) page.meta.set(key, content);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) open.skipped++;
        else if (FOREIGN.has(name)) open.foreign++;
        if (open.skipped > 0) return;
        if (name === 'meta') readMeta(attributes);
        else if (name === 'title' && open.foreign === 0 && page.title === undefined && !title) title = [];
      },
      ontext(text) {
        title?.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) open.skipped = Math.max(0, open.skipped - 1);
        else if (FOREIGN.has(name)) open.foreign = Math.max(0, open.foreign - 1);
        else if (name === 'title' && title) {
          page.title = title.join('');
          title = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return page;
}
