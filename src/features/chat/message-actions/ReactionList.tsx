/**
 * The reactions under a message (chat-ui.md §3): one chip per type with its emoji and count
 * (from `reaction_groups`), mine highlighted (`own_reactions`, `aria-pressed`); activating a chip
 * adds or removes my reaction of that type. An add chip opens the emoji picker, and "who reacted"
 * opens the list of the members who reacted.
 */
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { LocalMessage } from 'stream-chat';
import { LazyEmojiPickerPopover as EmojiPickerPopover } from '../shared/emoji-picker/LazyEmojiPicker';
import { AddReactionIcon, PeopleIcon } from './icons';
import { reactionTypeForPick } from './reaction-types';
import { usePermittedActions, useReactionToggle } from './use-message-actions';
import { useReactionEmoji } from './use-reaction-emoji';
import './message-actions.css';
import { lazyPart } from '../../../lib/lazy-part';
import { withStrings } from '../../../i18n/bundles';

// Opened now and then: fetched, with its strings, on first use, not with the chat page.
const ReactorsDialog = lazyPart(
  withStrings('actions', () => import('./ReactorsDialog').then((m) => ({ default: m.ReactorsDialog }))),
);

export interface ReactionSummary {
  type: string;
  count: number;
  firstAt: string;
}

/** The message's reaction types with counts, in the order they were first used. */
export function reactionSummaries(message: LocalMessage): ReactionSummary[] {
  const groups = message.reaction_groups;
  const summaries: ReactionSummary[] = groups
    ? Object.entries(groups).map(([type, group]) => ({
        type,
        count: group.count,
        firstAt: String(group.first_reaction_at ?? ''),
      }))
    : Object.entries(message.reaction_counts ?? {}).map(([type, count]) => ({ type, count, firstAt: '' }));
  return summaries.filter((s) => s.count > 0).sort((a, b) => a.firstAt.localeCompare(b.firstAt));
}

export function ReactionList({ message }: { message: LocalMessage }) {
  const summaries = reactionSummaries(message);
  if (summaries.length === 0 || message.type === 'deleted' || message.deleted_at) return null;
  return <Reactions message={message} summaries={summaries} />;
}

function Reactions({ message, summaries }: { message: LocalMessage; summaries: ReactionSummary[] }) {
  const { t } = useTranslation();
  const { actionable, available } = usePermittedActions(message);
  const canReact = actionable && available.react;
  const { mine, toggle } = useReactionToggle(message);
  const emojiOf = useReactionEmoji(
    summaries.map((s) => s.type),
    [...(message.own_reactions ?? []), ...(message.latest_reactions ?? [])],
  );
  const [open, setOpen] = useState<'picker' | 'reactors' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const whoRef = useRef<HTMLButtonElement>(null);

  return (
    <div role="group" aria-label={t('chat.reactions.group')} className="reaction-list" data-part="reactions">
      {summaries.map(({ type, count }) => {
        const emoji = emojiOf(type);
        const label = t('chat.reactions.chip', { emoji, count });
        const content = (
          <>
            <span className="reaction-chip-emoji" aria-hidden="true">
              {emoji}
            </span>
            <span className="reaction-chip-count" aria-hidden="true">
              {count}
            </span>
          </>
        );
        return canReact ? (
          <button
            key={type}
            type="button"
            className="reaction-chip"
            aria-label={label}
            aria-pressed={mine.has(type)}
            title={label}
            data-reaction={type}
            onClick={() => void toggle(type)}
          >
            {content}
          </button>
        ) : (
          <span
            key={type}
            role="img"
            className="reaction-chip"
            aria-label={label}
            title={label}
            data-reaction={type}
            data-mine={mine.has(type) || undefined}
          >
            {content}
          </span>
        );
      })}
      {canReact && (
        <button
          ref={addRef}
          type="button"
          className="reaction-chip reaction-chip-add"
          aria-label={t('chat.actions.addReaction')}
          aria-haspopup="dialog"
          aria-expanded={open === 'picker'}
          title={t('chat.actions.addReaction')}
          onClick={() => setOpen(open === 'picker' ? null : 'picker')}
        >
          <AddReactionIcon />
        </button>
      )}
      <button
        ref={whoRef}
        type="button"
        className="reaction-chip reaction-chip-who"
        aria-label={t('chat.reactions.whoReacted')}
        aria-haspopup="dialog"
        aria-expanded={open === 'reactors'}
        title={t('chat.reactions.whoReacted')}
        onClick={() => setOpen(open === 'reactors' ? null : 'reactors')}
      >
        <PeopleIcon />
      </button>
      {open === 'picker' && (
        <EmojiPickerPopover
          anchorRef={addRef}
          label={t('chat.actions.addReaction')}
          skinTones={false}
          onClose={() => setOpen(null)}
          onPick={(native, emoji) => {
            setOpen(null);
            const type = reactionTypeForPick(emoji.id);
            if (type) void toggle(type, native);
          }}
        />
      )}
      {open === 'reactors' && (
        <Suspense fallback={null}>
          <ReactorsDialog message={message} emojiOf={emojiOf} anchorRef={whoRef} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
