/**
 * Rules for the names of uploaded files. A name is only ever shown (the record's `name`, the
 * download's Content-Disposition); it is never part of a path on disk. It is neutralised, not
 * refused: control characters, bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and the
 * rest, which can make `photo\u202Egnp.exe` display as `photoexe.png`) and invisible characters
 * are removed, path separators become `_`, trailing dots and spaces (dropped by Windows) go, and
 * a long name is shortened between grapheme clusters (never inside a surrogate pair, an emoji
 * sequence or a letter with its accents), keeping its extension.
 */

/** Longest stored name, in Unicode code points. */
export const NAME_MAX = 255;
/** The longest tail after the last dot that counts as an extension when a name is shortened. */
const EXTENSION_MAX = 16;

/** C0 and C1 controls, DEL, and the line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
/** Bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Characters that draw nothing: soft hyphen, Mongolian vowel separator, zero-width space, word joiner and invisible operators, BOM. */
const INVISIBLE = /[\u00ad\u180e\u200b\u2060-\u2064\ufeff]/gu;
const SEPARATORS = /[/\\]/g;
const TRAILING = /[.\s]+$/u;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text with every lone surrogate (half an emoji) replaced by U+FFFD, so it can be encoded. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\ufffd');

/** Length in Unicode code points (what NAME_MAX counts). */
export const codePoints = (text: string): number => Array.from(text).length;

/**
 * The name as it is stored and shown: neutralised and shortened as described above, never
 * empty (`fallback` stands in for a name with nothing left).
 */
export function cleanFileName(raw: string, fallback = 'file'): string {
  const name = wellFormed(raw)
    .normalize('NFC')
    .replace(CONTROLS, '')
    .replace(BIDI, '')
    .replace(INVISIBLE, '')
    .replace(SEPARATORS, '_')
    .trim()
    .replace(TRAILING, '');
  return shortenFileName(name) || fallback;
}

/** The name's extension (`.pdf`), or '' when it has none; a leading dot (`.env`) is no extension. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = name.slice(dot);
  return codePoints(extension) <= EXTENSION_MAX && !/\s/u.test(extension) ? extension : '';
}

/**
 * At most `max` code points, cut between grapheme clusters: the stem is shortened and the
 * extension kept, so `…(300 letters)….pdf` stays a `.pdf`.
 */
export function shortenFileName(name: string, max = NAME_MAX): string {
  if (codePoints(name) <= max) return name;
  let extension = extensionOf(name);
  if (codePoints(extension) >= max) extension = '';
  const stem = name.slice(0, name.length - extension.length);
  const budget = max - codePoints(extension);
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(stem)) {
    const size = codePoints(segment);
    if (used + size > budget) break;
    kept += segment;
    used += size;
  }
  return kept.replace(TRAILING, '') + extension;
}

/** A short lower-case extension for the stored file's name on disk (`.pdf`), or ''. */
export function storedExtensionOf(name: string): string {
  return /\.[a-z0-9]{1,10}$/.exec(name.toLowerCase())?.[0] ?? '';
}

/**
 * The name an extension check compares: compatibility forms folded (full-width `ｅｘｅ` is
 * `exe`), every control and format character removed (including zero-width joiners, which the
 * shown name keeps), lower case, without trailing dots and spaces. So no invisible character,
 * override or trailing dot hides the extension the operating system will see.
 */
export function nameForMatching(name: string): string {
  return wellFormed(name)
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .toLowerCase()
    .replace(TRAILING, '');
}

/** Image extensions a picture's name may carry; a picture's name gets its real one instead. */
const IMAGE_NAME_EXTENSIONS = new Set([
  '.png',
  '.apng',
  '.jpg',
  '.jpeg',
  '.jpe',
  '.jfif',
  '.gif',
  '.webp',
  '.bmp',
  '.dib',
  '.tif',
  '.tiff',
  '.heic',
  '.heif',
  '.avif',
  '.svg',
  '.ico',
]);

/**
 * A picture's name ends in the extension of its real format: `photo` and `photo.bmp` holding a
 * PNG become `photo.png`; a name already ending in one of `accepted` keeps it (`cat.jpeg`).
 * Any other ending is kept in front (`IMG_2024.05.03.png`).
 */
export function imageFileName(name: string, accepted: readonly string[]): string {
  const extension = extensionOf(name).toLowerCase();
  if (accepted.includes(extension)) return name;
  const stem = IMAGE_NAME_EXTENSIONS.has(extension) ? name.slice(0, name.length - extension.length) : name;
  return shortenFileName(`${stem || 'image'}${accepted[0] ?? ''}`);
}

/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). Safe for any stored
 * name, including one stored before names were cleaned (a lone surrogate becomes U+FFFD rather
 * than failing the answer).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const name = wellFormed(fileName).replace(CONTROLS, '');
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
