/**
 * The textarea's connect layer: its value from the composer, the caret, auto-growing, the
 * suggestion popover (open, active option, where it sits) and the keyboard map — Enter sends,
 * Shift+Enter breaks the line (never during an IME composition), arrows/Enter/Tab/Escape in the
 * suggestions, ↑ in an empty composer edits my last message, Escape cancels editing or a quote.
 */
import { useSelector } from '@xstate/react';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { Channel, StreamChat } from 'stream-chat';
import {
  selectCommands,
  selectIsEditing,
  selectQuoted,
  selectText,
  selectUploads,
} from '../../../../machines/composer/composer.selectors';
import { urlsIn } from '../../../lib/actors/composer-actors';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { caretPosition } from './caret';
import { restorableFrom } from '../shared/restorable';
import { lastOwnMessage } from './last-own-message';
import { applySuggestion, useSuggestions, type SuggestionItem, type SuggestionState } from './use-suggestions';

const POPOVER_WIDTH = 320;

interface Options {
  client: StreamChat;
  channel: Channel;
  composer: ComposerActor;
  userId: string;
  canEditOwn: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  fieldRef: RefObject<HTMLElement | null>;
}

export function useComposerText({ client, channel, composer, userId, canEditOwn, textareaRef, fieldRef }: Options) {
  const text = useSelector(composer, selectText);
  const editing = useSelector(composer, selectIsEditing);
  const hasQuote = useSelector(composer, (s) => selectQuoted(s) !== null);
  const hasUploads = useSelector(composer, (s) => selectUploads(s).length > 0);
  const [caret, setCaret] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [popoverStyle, setPopoverStyle] = useState<CSSProperties>({});

  const commands = useSelector(composer, selectCommands);
  const found = useSuggestions(client, channel, text, caret, commands);
  const key = found ? `${found.trigger}${found.start}:${found.query}` : null;
  const suggestions: SuggestionState | null = found && key !== dismissed ? found : null;
  // A new trigger or query starts at the first option.
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setActive(0);
  }
  const activeIndex = suggestions ? Math.min(active, Math.max(0, suggestions.items.length - 1)) : 0;

  const setText = useCallback(
    (next: string, nextCaret?: number) => {
      composer.send({ type: 'composer.type', text: next, urls: urlsIn(next) });
      if (nextCaret !== undefined) {
        pendingCaret.current = nextCaret;
        setCaret(nextCaret);
      }
    },
    [composer],
  );

  /** Puts `inserted` at the caret (or over the selection), the caret after it. */
  const insert = useCallback(
    (inserted: string) => {
      const el = textareaRef.current;
      const current = composer.getSnapshot().context.text;
      const start = el ? el.selectionStart : current.length;
      const end = el ? el.selectionEnd : current.length;
      setText(current.slice(0, start) + inserted + current.slice(end), start + inserted.length);
      el?.focus();
    },
    [composer, setText, textareaRef],
  );

  // Auto-grow up to the CSS max-height (40% of the viewport), then scroll; the caret lands where asked.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    if (pendingCaret.current !== null) {
      el.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [text, textareaRef]);

  // An edit starts: the caret goes to the end of the restored text.
  useLayoutEffect(() => {
    if (!editing) return;
    const el = textareaRef.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [editing, textareaRef]);

  // The popover opens above the text box (never over the lines being written), lined up with
  // the caret where the trigger starts.
  const start = suggestions?.start ?? null;
  useLayoutEffect(() => {
    const el = textareaRef.current;
    const field = fieldRef.current;
    if (start === null || !el || !field) return;
    const at = caretPosition(el, start);
    const maxLeft = Math.max(0, field.clientWidth - POPOVER_WIDTH);
    const left = Math.min(Math.max(0, el.offsetLeft + at.left), maxLeft);
    setPopoverStyle({ ['--popover-left' as string]: `${left}px` });
  }, [start, text, textareaRef, fieldRef]);

  const pick = useCallback(
    (item: SuggestionItem) => {
      if (!suggestions) return;
      const current = composer.getSnapshot().context.text;
      const next = applySuggestion(current, suggestions, item);
      setText(next.text, next.caret);
      if (item.kind === 'mention')
        composer.send({ type: 'composer.mention', user: { id: item.user.id, name: item.user.name } });
      textareaRef.current?.focus();
    },
    [suggestions, composer, setText, textareaRef],
  );

  const submit = useCallback(() => {
    composer.send({ type: 'composer.submit' });
    setDismissed(null);
  }, [composer]);

  const editLast = useCallback((): boolean => {
    if (!canEditOwn) return false;
    const message = lastOwnMessage(channel, userId);
    if (!message) return false;
    composer.send({ type: 'composer.edit', message: restorableFrom(message) });
    return true;
  }, [canEditOwn, channel, userId, composer]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    const items = suggestions?.items ?? [];
    if (suggestions) {
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && plain && items.length > 0) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + items.length) % items.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && plain && items.length > 0) {
        event.preventDefault();
        pick(items[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(key);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      submit();
      return;
    }
    if (event.key === 'ArrowUp' && plain && text.trim() === '' && !editing && !hasQuote && !hasUploads) {
      if (editLast()) event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && (editing || hasQuote)) {
      event.preventDefault();
      event.stopPropagation();
      composer.send({ type: editing ? 'composer.cancelEdit' : 'composer.unquote' });
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setCaret(event.target.selectionStart);
    setText(event.target.value);
  };
  const onSelect = () => {
    const el = textareaRef.current;
    if (el && el.selectionStart !== caret) setCaret(el.selectionStart);
  };

  return {
    text,
    suggestions,
    activeIndex,
    setActive,
    popoverStyle,
    pick,
    insert,
    submit,
    closeSuggestions: () => setDismissed(key),
    handlers: { onKeyDown, onChange, onSelect },
  };
}
