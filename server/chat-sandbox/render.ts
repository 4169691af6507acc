/** Message text → the `html` field: escaped, links made clickable, one paragraph per block. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderHtml(text: string): string {
  if (!text.trim()) return '';
  const blocks = text.split(/\n{2,}/).map((block) =>
    escape(block)
      .replace(URL_PATTERN, (url) => `<a href="${url}" rel="nofollow">${url}</a>`)
      .replace(/\n/g, '<br/>'),
  );
  return blocks.map((b) => `<p>${b}</p>\n`).join('');
}

export function findUrls(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}
