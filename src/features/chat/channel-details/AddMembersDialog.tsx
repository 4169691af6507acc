/**
 * Adding members: search people by name (client.queryUsers, as they type) among the channel's
 * team, tick the ones to add, then "Add". Those already in the channel are left out of the
 * results. A refusal from the service is shown in the dialog in words.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Channel, UserResponse } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { Avatar } from '../shared/Avatar';
import { useChatWorkspace } from '../workspace/chat-workspace-context';
import { addMembers, reasonOf } from './member-actions';

/** People asked for per search (those already members are then left out), and the pause after typing before searching. */
export const USER_SEARCH_LIMIT = 10;
export const USER_SEARCH_DELAY_MS = 250;

export function AddMembersDialog({
  channel,
  present,
  onClose,
  onAdded,
}: {
  channel: Channel;
  present: string[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useChatWorkspace();
  const titleId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<UserResponse[]>([]);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const shown = query.trim() ? results : [];
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const text = query.trim();
    if (!text) return;
    let current = true;
    const timer = window.setTimeout(() => {
      // Only people of the channel's team can join it (multi-tenant chat, docs/decisions/0035).
      const team = channel.data?.team;
      const filter = { name: { $autocomplete: text }, ...(team ? { teams: { $contains: team } } : {}) };
      client.queryUsers(filter, [{ name: 1 }], { limit: USER_SEARCH_LIMIT }).then(
        ({ users }) =>
          current && setResults(users.filter((user) => user.id !== client.userID && !present.includes(user.id))),
        () => current && setError(t('chat.details.add.searchFailed')),
      );
    }, USER_SEARCH_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [channel, client, query, present, t]);

  const toggle = (user: UserResponse) =>
    setChosen((map) => {
      const next = new Map(map);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user.name ?? user.id);
      return next;
    });

  return (
    <ModalDialog titleId={titleId} className="chat-add-dialog" initialFocus={searchRef} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.size === 0 || busy) return;
          setBusy(true);
          setError(null);
          addMembers(channel, [...chosen.keys()]).then(
            () => {
              onAdded();
              onClose();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(t('chat.details.add.failed', { reason: reasonOf(failure) }));
            },
          );
        }}
      >
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.details.add.title')}
        </h2>
        <div className="field">
          <label htmlFor={`${titleId}-search`}>{t('chat.details.add.search')}</label>
          <input
            id={`${titleId}-search`}
            ref={searchRef}
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {query.trim() && shown.length === 0 && <p className="chat-muted">{t('chat.details.add.none')}</p>}
        {shown.length > 0 && (
          <fieldset className="chat-add-results">
            <legend className="visually-hidden">{t('chat.details.add.results')}</legend>
            {shown.map((user) => (
              <label key={user.id} className="chat-add-result">
                <input type="checkbox" checked={chosen.has(user.id)} onChange={() => toggle(user)} />
                <Avatar id={user.id} name={user.name ?? user.id} image={user.image} size={28} />
                <span>{user.name ?? user.id}</span>
              </label>
            ))}
          </fieldset>
        )}
        {chosen.size > 0 && (
          <p className="chat-muted" aria-live="polite">
            {t('chat.details.add.chosen', { names: [...chosen.values()].join(', ') })}
          </p>
        )}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="cl-dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('chat.details.add.cancel')}
          </button>
          <button type="submit" disabled={chosen.size === 0 || busy} aria-busy={busy}>
            {t('chat.details.add.confirm', { count: chosen.size })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
