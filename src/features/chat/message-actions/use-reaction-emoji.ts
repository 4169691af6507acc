/**
 * The emoji for each reaction type on a message. The defaults and types carrying `emoji_code`
 * are known at once; any other type loads the emoji data (on demand, once per page) and looks
 * its emoji-mart id up; until then, or when unknown, the type is shown as `:type:`.
 */
import { useEffect, useState } from 'react';
import type { ReactionResponse } from 'stream-chat';
import { ensureEmojiData, loadedEmojiData, nativeOfId } from '../shared/emoji-picker/emoji-data';
import { knownEmoji } from './reaction-types';

export function useReactionEmoji(
  types: readonly string[],
  reactions: readonly ReactionResponse[],
): (type: string) => string {
  const [data, setData] = useState(loadedEmojiData);
  const needsData = !data && types.some((type) => !knownEmoji(type, reactions));
  useEffect(() => {
    if (!needsData) return;
    let live = true;
    ensureEmojiData()
      .then((loaded) => live && setData(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [needsData]);
  return (type) => knownEmoji(type, reactions) ?? (data && nativeOfId(data, type)) ?? `:${type}:`;
}
