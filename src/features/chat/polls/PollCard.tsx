/**
 * A poll in a message (issue #13 item 2): the question, each option with its votes as a bar and —
 * for public polls — who voted, my votes marked, voting with the option's own vote control (a
 * round one for one vote per person, a square one for several; again to take the vote back), the
 * comments apart from the votes, suggesting an option, and ending the poll for its creator. Only
 * the control votes: with a mouse it stretches over its option's row (polls.css), on a touch screen
 * it does not, so a tap on the card to reach the message's actions never casts a vote (issue #27).
 * Texts from members are text, never markup.
 */
import { useId, useState, type FormEvent } from 'react';
import type { LocalMessage, Poll, PollState } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useChannelCapabilities } from '../message-actions/use-message-actions';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { pollOf, usePollActions, usePollState } from './use-poll';
import './polls.css';
import { CheckIcon } from '../../../components/ui/icons';

/** How many voters' names an option of a public poll shows. */
const VOTERS_SHOWN = 3;

function InlineField({ label, onSubmit }: { label: string; onSubmit: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value && (await onSubmit(value))) setText('');
  };
  return (
    <form className="poll-inline" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} value={text} placeholder={label} maxLength={255} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="secondary" disabled={!text.trim()}>
        {t('chat.poll.add')}
      </button>
    </form>
  );
}

function rulesOf(state: PollState, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (state.is_closed) return t('chat.poll.closed');
  const choose = state.enforce_unique_vote
    ? t('chat.poll.chooseOne')
    : state.max_votes_allowed
      ? t('chat.poll.chooseUpTo', { count: state.max_votes_allowed })
      : t('chat.poll.chooseAny');
  return (state.voting_visibility as string | undefined) === 'anonymous'
    ? `${choose} · ${t('chat.poll.anonymous')}`
    : choose;
}

function PollBody({ poll, state, messageId }: { poll: Poll; state: PollState; messageId: string }) {
  const { t } = useTranslation();
  const { channel } = useOpenChannel();
  const capabilities = useChannelCapabilities(channel);
  const actions = usePollActions(poll, messageId);
  const open = !state.is_closed;
  const canVote = open && capabilities.has('cast-poll-vote');
  const counts = state.vote_counts_by_option ?? {};
  const most = Math.max(1, ...Object.values(counts));
  const answers = (state.latest_answers ?? []).filter((a) => a.answer_text);
  return (
    <section
      className="poll-card"
      data-part="poll"
      data-closed={state.is_closed || undefined}
      aria-label={t('chat.poll.label', { name: state.name })}
    >
      <p className="poll-question">{state.name}</p>
      {state.description && <p className="poll-description">{state.description}</p>}
      <p className="poll-rules chat-muted">{rulesOf(state, t)}</p>
      <ul className="poll-options">
        {state.options.map((option) => {
          const count = counts[option.id] ?? 0;
          const mine = Boolean(state.ownVotesByOptionId[option.id]);
          const voters =
            (state.voting_visibility as string | undefined) === 'anonymous'
              ? []
              : (state.latest_votes_by_option?.[option.id] ?? []).flatMap((v) =>
                  v.user ? [v.user.name || v.user.id] : [],
                );
          return (
            <li
              key={option.id}
              className="poll-option"
              data-option-id={option.id}
              data-voted={mine || undefined}
              data-disabled={!canVote || undefined}
            >
              <span className="poll-option-top">
                <button
                  type="button"
                  className="poll-vote"
                  data-shape={state.enforce_unique_vote ? 'radio' : 'checkbox'}
                  aria-pressed={mine}
                  aria-disabled={!canVote}
                  aria-label={t('chat.poll.optionLabel', { text: option.text, count })}
                  onClick={() => canVote && actions.toggleVote(option.id)}
                >
                  <span className="poll-check" aria-hidden="true">
                    {mine && <CheckIcon />}
                  </span>
                </button>
                <span className="poll-option-text">{option.text}</span>
                <span className="poll-option-count">{count}</span>
              </span>
              <span className="poll-bar" aria-hidden="true">
                <span style={{ width: `${(count / most) * 100}%` }} />
              </span>
              {voters.length > 0 && (
                <span className="poll-voters chat-muted">
                  {voters.slice(0, VOTERS_SHOWN).join(', ')}
                  {voters.length > VOTERS_SHOWN ? ` +${voters.length - VOTERS_SHOWN}` : ''}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="poll-total chat-muted">
        {t('chat.poll.votes', { count: state.vote_count ?? 0 })}
        {state.allow_answers ? ` · ${t('chat.poll.comments', { count: state.answers_count ?? 0 })}` : ''}
      </p>
      {answers.length > 0 && (
        <ul className="poll-answers" aria-label={t('chat.poll.commentsLabel')}>
          {answers.map((answer) => (
            <li key={answer.id}>
              <strong>{answer.user?.name || answer.user?.id}</strong> {answer.answer_text}
            </li>
          ))}
        </ul>
      )}
      {canVote && state.allow_user_suggested_options && (
        <InlineField label={t('chat.poll.suggest')} onSubmit={actions.suggestOption} />
      )}
      {canVote && state.allow_answers && <InlineField label={t('chat.poll.comment')} onSubmit={actions.addAnswer} />}
      {open && actions.isCreator(state) && (
        <button type="button" className="secondary poll-end" onClick={actions.close}>
          {t('chat.poll.end')}
        </button>
      )}
    </section>
  );
}

export function PollCard({ message }: { message: LocalMessage }) {
  const { client } = useChatWorkspace();
  const poll = pollOf(message, client.polls);
  const state = usePollState(poll);
  if (!poll || !state) return null;
  return <PollBody poll={poll} state={state} messageId={message.id} />;
}
