/**
 * No string shows as its raw key (docs/decisions/0020-string-bundles.md): a module may show a key
 * of a bundle only when every way from the app's entry (src/main.tsx) to the module passes an
 * import wrapped in `withStrings('<bundle>', …)`, which settles once the bundle is loaded. The core
 * strings are always there. This reads the imports of src/, machines/ and shared/ (static ones
 * carry the bundles loaded so far; a dynamic `import()` inside `withStrings('b', …)` adds `b`;
 * type-only imports carry no code) and checks every key a module under src/ names: a quoted key,
 * or every key under a template's prefix (`chat.poll.${…}`).
 *
 * Machines name keys as data (an error to show), and the component that shows it is the one
 * checked; a key handed from one module to another as a value is not followed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const LOCALES = join(ROOT, 'src/i18n/locales');
const ENTRY = 'src/main.tsx';
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix.replace(PLURAL, '')];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** Each key's bundle ('' for the core). */
const owner = new Map<string, string>(flatten(readJson(join(LOCALES, 'en.json'))).map((key) => [key, '']));
for (const entry of readdirSync(LOCALES, { withFileTypes: true }).filter((e) => e.isDirectory()))
  for (const key of flatten(readJson(join(LOCALES, entry.name, 'en.json')))) owner.set(key, entry.name);

const SOURCE = /\.tsx?$/;
const sources = ['src', 'machines', 'shared'].flatMap((folder) =>
  (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
    .map((file) => join(folder, file))
    .filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules')),
);
const text = new Map(sources.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (text.has(candidate) && statSync(join(ROOT, candidate)).isFile()) return candidate;
  return null;
}

/** The index just past the parenthesis that closes the one opened at `open`. */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return i + 1;
  }
  return source.length;
}

interface Edge {
  to: string;
  bundles: string[];
}

/** A module's imports of code: static ones, and dynamic ones with the bundles wrapping them. */
function importsOf(file: string): Edge[] {
  const source = text.get(file)!;
  const edges: Edge[] = [];
  const STATIC = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(STATIC)) {
    const to = match[2] ? null : resolveImport(file, match[3]!);
    if (to) edges.push({ to, bundles: [] });
  }
  const wrappers = [...source.matchAll(/withStrings\(\s*'(\w+)'/g)].map((match) => ({
    bundle: match[1]!,
    from: match.index,
    to: closing(source, match.index + 'withStrings'.length),
  }));
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const to = resolveImport(file, match[1]!);
    const bundles = wrappers.filter((w) => w.from < match.index && match.index < w.to).map((w) => w.bundle);
    if (to) edges.push({ to, bundles });
  }
  return edges;
}

/** For each module the app reaches, the bundles loaded on every way to it. */
function loadedBundles(): Map<string, Set<string>> {
  const graph = new Map(sources.map((file) => [file, importsOf(file)]));
  const loaded = new Map<string, Set<string>>([[ENTRY, new Set()]]);
  const pending = [ENTRY];
  while (pending.length) {
    const file = pending.pop()!;
    const here = loaded.get(file)!;
    for (const edge of graph.get(file) ?? []) {
      const arriving = new Set([...here, ...edge.bundles]);
      const known = loaded.get(edge.to);
      const next = known ? new Set([...known].filter((b) => arriving.has(b))) : arriving;
      if (!known || next.size !== known.size) {
        loaded.set(edge.to, next);
        pending.push(edge.to);
      }
    }
  }
  return loaded;
}

/** The keys a module names: quoted whole, or under a template's prefix. */
function keysNamedIn(source: string): string[] {
  const named = new Set<string>();
  for (const match of source.matchAll(/['"`]([a-zA-Z][\w.]*\w)['"`]/g)) if (owner.has(match[1]!)) named.add(match[1]!);
  for (const match of source.matchAll(/`([a-zA-Z][\w.]*\.)\$\{/g))
    for (const key of owner.keys()) if (key.startsWith(match[1]!)) named.add(key);
  return [...named];
}

/** `key (bundle)` for each key of `keys` whose bundle is not loaded whenever `file`'s code runs. */
function unloaded(file: string, keys: string[], loaded: Map<string, Set<string>>): string[] {
  const bundles = loaded.get(file) ?? new Set();
  return keys.filter((key) => owner.get(key) && !bundles.has(owner.get(key)!)).map((k) => `${k} (${owner.get(k)})`);
}

describe('string bundles reach', () => {
  const loaded = loadedBundles();

  it('every key a module shows is loaded before its code runs', () => {
    const problems = [...loaded.keys()]
      .filter((file) => file.startsWith('src/'))
      .flatMap((file) => unloaded(file, keysNamedIn(text.get(file)!), loaded).map((key) => `${file}: ${key}`));
    expect(problems).toEqual([]);
  });

  it('sees the ways in (the check itself)', () => {
    expect(loaded.get(ENTRY)).toEqual(new Set());
    expect(loaded.get('src/features/chat/ChatPage.tsx')).toEqual(new Set());
    expect(loaded.get('src/features/chat/polls/PollCard.tsx')).toEqual(new Set(['polls']));
    // Both ways to the leave confirmation load its bundle; the details panel's loads its own too.
    expect(loaded.get('src/features/chat/channel-list/LeaveConfirm.tsx')).toEqual(new Set(['channels']));
    expect(loaded.get('src/features/chat/channel-details/ChannelDetailsPanel.tsx')).toEqual(
      new Set(['members', 'channels']),
    );
    // A poll's strings named by the always-loaded message row would show as keys.
    expect(unloaded('src/features/chat/message-list/MessageItem.tsx', ['chat.poll.votes'], loaded)).toEqual([
      'chat.poll.votes (polls)',
    ]);
    expect(keysNamedIn("t('chat.poll.votes'); t(`chat.reminders.lists.${name}`)")).toContain(
      'chat.reminders.lists.saved',
    );
  });
});
