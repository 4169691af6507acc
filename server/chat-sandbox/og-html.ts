/**
 * A small, tolerant reader of a page's preview data: `<meta property|name=… content=…>` tags
 * (og:*, twitter:*, description, author) and `<title>`. Regular expressions over the markup with
 * comments, scripts and styles removed; attribute quoting may be double, single or none.
 */

export interface PageMeta {
  /** Lower-cased meta key (property or name) → its first content. */
  meta: Map<string, string>;
  title?: string;
  /** The charset a `<meta charset>` or `http-equiv` tag declares, if any. */
  charset?: string;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** One tag's attributes, names lower-cased, values entity-decoded. */
export function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const body = tag.replace(/^<[a-z0-9]+/i, '').replace(/\/?>$/, '');
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of body.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** Collapses white space and trims; undefined when nothing is left. */
export function clean(text: string | undefined, maxLength = 1000): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  if (!value) return undefined;
  return value.length > maxLength ? `${value.slice(0, maxLength - 1)}…` : value;
}

export function readPageMeta(html: string): PageMeta {
  const markup = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
  const meta = new Map<string, string>();
  let charset: string | undefined;
  for (const [tag] of markup.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const declared = attributes.get('charset');
    if (declared && !charset) charset = declared.trim();
    if (attributes.get('http-equiv')?.toLowerCase() === 'content-type' && !charset) {
      charset = /charset\s*=\s*["']?([\w-]+)/i.exec(attributes.get('content') ?? '')?.[1];
    }
    const key = (attributes.get('property') ?? attributes.get('name') ?? attributes.get('itemprop'))
      ?.trim()
      .toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && content.trim() !== '' && !meta.has(key)) meta.set(key, content);
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(markup)?.[1];
  return { meta, title: title === undefined ? undefined : decodeEntities(title), charset };
}
