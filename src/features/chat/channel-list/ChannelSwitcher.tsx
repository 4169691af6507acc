/**
 * The channel switcher (Ctrl/Cmd+K, chat-ui.md §8): a dialog with one combobox. Typing ranks the
 * loaded channels and their members by fuzzy match at once; the member's other channels found by
 * the service (by name or member, after the search debounce) join them. ↑/↓ move, Enter opens a
 * channel or the direct conversation with a member, Escape closes and gives focus back.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, StreamChat } from 'stream-chat';
import { selectChannelHits, selectIsPending } from '../../../../machines/channel-search/channel-search.selectors';
import { Avatar } from '../shared/Avatar';
import { nameOf, pictureOf, isDirect } from './channel-row-model';
import { fuzzyScore } from './fuzzy';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { channelsFor, useSearchActor } from './use-channel-list';

const MAX_OPTIONS = 12;

type SwitcherOption =
  | { key: string; kind: 'channel'; channel: Channel; label: string; image: unknown; score: number }
  | { key: string; kind: 'member'; userId: string; label: string; image: unknown; score: number };

interface Props {
  client: StreamChat;
  userId: string;
  /** The loaded channels, in the list's order (shown first when nothing is typed). */
  channels: Channel[];
  onClose: () => void;
  onChannel: (channel: Channel) => void;
  onMember: (memberId: string) => void;
}

/** The other member of a two-person direct conversation, if that is what the channel is. */
function soleOther(channel: Channel, userId: string): string | null {
  if (!isDirect(channel)) return null;
  const ids = Object.keys(channel.state.members);
  return ids.length === 2 && ids.includes(userId) ? ids.find((id) => id !== userId)! : null;
}

function localOptions(channels: Channel[], userId: string, query: string): SwitcherOption[] {
  const options: SwitcherOption[] = [];
  const withDirect = new Set(channels.map((c) => soleOther(c, userId)).filter(Boolean));
  const members = new Map<string, { name: string; image: unknown }>();
  for (const channel of channels) {
    const label = nameOf(channel, userId);
    const memberNames = Object.values(channel.state.members)
      .map((m) => m.user)
      .filter((u) => u && u.id !== userId)
      .map((u) => {
        if (!withDirect.has(u!.id)) members.set(u!.id, { name: u!.name || u!.id, image: u!.image });
        return u!.name || u!.id;
      });
    const byName = fuzzyScore(query, label);
    const byMember = Math.max(-1, ...memberNames.map((n) => fuzzyScore(query, n) ?? -1));
    const score = byName ?? (byMember >= 0 ? byMember - 2 : null);
    if (score !== null)
      options.push({ key: channel.cid, kind: 'channel', channel, label, image: pictureOf(channel, userId), score });
  }
  if (query.trim())
    for (const [id, member] of members) {
      const score = fuzzyScore(query, member.name);
      if (score !== null)
        options.push({
          key: `user:${id}`,
          kind: 'member',
          userId: id,
          label: member.name,
          image: member.image,
          score: score - 1,
        });
    }
  return query.trim() ? options.sort((a, b) => b.score - a.score) : options;
}

export function ChannelSwitcher({ client, userId, channels, onClose, onChannel, onMember }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useSearchActor(client, userId, 'searchSwitcher');
  const remoteHits = useSelector(search, selectChannelHits);
  const pending = useSelector(search, selectIsPending);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const options = useMemo(() => {
    // The service's finds join the loaded channels (ranked the same way), so a direct
    // conversation it found stands for its member rather than appearing beside them.
    const loaded = new Set(channels.map((channel) => channel.cid));
    const found = query.trim()
      ? channelsFor(
          client,
          remoteHits.map((hit) => hit.id),
        ).filter((channel) => !loaded.has(channel.cid))
      : [];
    return localOptions([...channels, ...found], userId, query).slice(0, MAX_OPTIONS);
  }, [channels, client, query, remoteHits, userId]);
  const current = Math.min(active, Math.max(options.length - 1, 0));

  const choose = (option: SwitcherOption | undefined) => {
    if (!option) return;
    if (option.kind === 'channel') onChannel(option.channel);
    else onMember(option.userId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <ModalDialog titleId={titleId} className="cl-switcher" initialFocus={inputRef} onClose={onClose}>
      <h2 id={titleId} className="cl-dialog-title">
        {t('chat.switcher.title')}
      </h2>
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        className="cl-switcher-input"
        aria-label={t('chat.switcher.label')}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
        aria-describedby={`${titleId}-hint`}
        placeholder={t('chat.switcher.placeholder')}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          search.send({ type: 'search.typed', text: event.target.value });
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${titleId}-hint`} className="cl-hint">
        {t('chat.switcher.hint')}
      </p>
      <ul id={listId} role="listbox" className="cl-switcher-list" aria-label={t('chat.switcher.results')}>
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className="cl-switcher-option"
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(option)}
          >
            <Avatar
              id={option.kind === 'channel' ? option.key : option.userId}
              name={option.label}
              image={option.image}
              size={24}
            />
            <span className="cl-switcher-label">
              {option.kind === 'member' ? t('chat.switcher.member', { name: option.label }) : option.label}
            </span>
          </li>
        ))}
      </ul>
      <p className="cl-status" role="status">
        {options.length === 0 && !pending && query.trim()
          ? t('chat.switcher.empty', { query: query.trim() })
          : pending && query.trim()
            ? t('chat.switcher.searching')
            : ''}
      </p>
    </ModalDialog>
  );
}
