/**
 * The league's chat on its commissioner's settings page (issue #28 item 6; decision 0040): whether
 * the chat service has every change of the league — "Chat is up to date", "N changes waiting to
 * reach the chat", or why the chat service refused the last try and when the next one is — with
 * "Try now". The chat-sync machine reads the state again while changes are pending.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { chatSyncMachine } from '../../../machines/chat-sync/chat-sync.machine';
import {
  selectRetrying,
  selectSyncError,
  selectSyncState,
  selectWatching,
} from '../../../machines/chat-sync/chat-sync.selectors';
import { formatKickoff } from '../../i18n/dates';
import { useTranslation } from '../../i18n/use-translation';
import { loadChatSync, retryChatSync, type ChatSyncState } from '../../lib/chat-sync-client';
import { reasonOf } from '../../lib/league-client';

const request = (call: (leagueId: number) => Promise<ChatSyncState>) =>
  fromPromise<ChatSyncState, { leagueId: number }>(async ({ input }) => {
    try {
      return await call(input.leagueId);
    } catch (error) {
      throw new Error(reasonOf(error));
    }
  });

export function ChatSyncStatus({ leagueId }: { leagueId: number }) {
  const { t, i18n } = useTranslation();
  const [machine] = useState(() =>
    chatSyncMachine.provide({ actors: { load: request(loadChatSync), retry: request(retryChatSync) } }),
  );
  const actor = useActorRef(machine, { input: { leagueId } });
  const state = useSelector(actor, selectSyncState);
  const error = useSelector(actor, selectSyncError);
  const retrying = useSelector(actor, selectRetrying);
  const watching = useSelector(actor, selectWatching);
  const when = (iso: string) => formatKickoff(iso, i18n.language);

  let summary = t('admin.chatSync.loading');
  let tone = 'waiting';
  if (state?.failing) {
    tone = 'failing';
    summary = t('admin.chatSync.failing', {
      error: state.failing.last_error,
      time: when(state.failing.next_attempt_at),
    });
  } else if (state && state.pending > 0) summary = t('admin.chatSync.pending', { count: state.pending });
  else if (state) {
    tone = 'done';
    summary = t('admin.chatSync.upToDate');
  }

  return (
    <section className="card chat-sync" aria-labelledby="chat-sync-title" data-state={tone}>
      <h2 id="chat-sync-title">{t('admin.chatSync.title')}</h2>
      <p role="status" aria-busy={watching || retrying} className="chat-sync-summary">
        {summary}
      </p>
      {state?.failing && <p className="muted">{t('admin.chatSync.attempts', { count: state.failing.attempts })}</p>}
      {state?.confirmed_at && (
        <p className="muted">{t('admin.chatSync.confirmed', { time: when(state.confirmed_at) })}</p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {t('admin.chatSync.error', { reason: error })}
        </p>
      )}
      <button
        type="button"
        onClick={() => actor.send({ type: 'chatSync.retry' })}
        aria-disabled={retrying}
        disabled={!state && !error}
      >
        {retrying
          ? t('admin.chatSync.retrying')
          : state && state.pending === 0
            ? t('admin.chatSync.check')
            : t('admin.chatSync.retry')}
      </button>
    </section>
  );
}
