/**
 * The emoji data (@emoji-mart/data), loaded on demand: a dynamic import only, so it is not part of
 * the main bundle. One load per page, shared by the picker and by reaction chips that need the
 * emoji of an uncommon reaction type. The picker's translations are in picker-i18n.ts, which only
 * the picker's own code (fetched when it first opens) imports.
 */
import type { EmojiMartData } from '@emoji-mart/data';

let dataPromise: Promise<EmojiMartData> | null = null;

export function loadEmojiData(): Promise<EmojiMartData> {
  dataPromise ??= import('@emoji-mart/data')
    .then((module) => {
      const loaded = module as unknown as { default?: EmojiMartData } & EmojiMartData;
      return loaded.default ?? loaded;
    })
    .catch((error: unknown) => {
      dataPromise = null;
      throw error;
    });
  return dataPromise;
}

/** The data once loaded (null before): lets components render synchronously after the first load. */
let loaded: EmojiMartData | null = null;
export function loadedEmojiData(): EmojiMartData | null {
  return loaded;
}
export async function ensureEmojiData(): Promise<EmojiMartData> {
  loaded = await loadEmojiData();
  return loaded;
}

/** The emoji (default skin) of an emoji-mart id or alias, or null when the data has none. */
export function nativeOfId(data: EmojiMartData, id: string): string | null {
  const key = data.emojis[id] ? id : data.aliases[id];
  const emoji = key ? data.emojis[key] : undefined;
  return emoji?.skins[0]?.native ?? null;
}
