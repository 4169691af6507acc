/**
 * The suggestion popover above the caret: a listbox of members (avatar, name, presence) or
 * commands (name, arguments, help). The textarea keeps the focus and points at the active option
 * with aria-activedescendant; the option count is announced politely.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Avatar } from '../shared/Avatar';
import type { SuggestionItem, SuggestionState } from './use-suggestions';

import { optionId } from './option-id';

/** Help for the commands we know, in the member's language; others keep the service's description. */
const KNOWN_COMMANDS = new Set(['giphy', 'ban', 'unban', 'mute', 'unmute']);

export function useCommandHelp() {
  const { t } = useTranslation();
  return (name: string, fallback: string) =>
    KNOWN_COMMANDS.has(name) ? t(`chat.suggestions.commandHelp.${name}`) : fallback;
}

function Option({
  item,
  id,
  active,
  onPick,
  onHover,
}: {
  item: SuggestionItem;
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const { t } = useTranslation();
  const help = useCommandHelp();
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className="composer-option"
      data-part="suggestion"
      data-active={active || undefined}
      // The textarea keeps the focus: picking with the pointer must not blur it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={onHover}
    >
      {item.kind === 'mention' ? (
        <>
          <span className="composer-option-avatar">
            <Avatar id={item.user.id} name={item.user.name} image={item.user.image} size={24} />
            <span
              className="composer-presence"
              data-online={item.user.online || undefined}
              title={item.user.online ? t('chat.suggestions.online') : t('chat.suggestions.offline')}
            />
          </span>
          <span className="composer-option-name">{item.user.name}</span>
          <span className="composer-option-detail">
            {item.user.online ? t('chat.suggestions.online') : t('chat.suggestions.offline')}
          </span>
        </>
      ) : (
        <>
          <span className="composer-option-name">
            /{item.command.name}
            {item.command.args && <span className="composer-option-args"> {item.command.args}</span>}
          </span>
          <span className="composer-option-detail">{help(item.command.name, item.command.description)}</span>
        </>
      )}
    </li>
  );
}

export function Suggestions({
  listId,
  state,
  active,
  style,
  onPick,
  onActivate,
}: {
  listId: string;
  state: SuggestionState;
  active: number;
  style: CSSProperties;
  onPick: (item: SuggestionItem) => void;
  onActivate: (index: number) => void;
}) {
  const { t } = useTranslation();
  const label =
    state.trigger === '/'
      ? t('chat.suggestions.commands')
      : state.mutedOnly
        ? t('chat.suggestions.mutedMembers')
        : t('chat.suggestions.members');
  return (
    <div className="composer-suggestions" style={style} data-part="suggestions" data-trigger={state.trigger}>
      <div className="composer-suggestions-title" aria-hidden="true">
        {label}
      </div>
      {state.items.length > 0 ? (
        <ul id={listId} role="listbox" aria-label={label} className="composer-options">
          {state.items.map((item, index) => (
            <Option
              key={item.kind === 'mention' ? item.user.id : item.command.name}
              id={optionId(listId, index)}
              item={item}
              active={index === active}
              onPick={() => onPick(item)}
              onHover={() => onActivate(index)}
            />
          ))}
        </ul>
      ) : (
        <p className="composer-suggestions-empty">
          {state.trigger === '/'
            ? t('chat.suggestions.noCommands', { query: state.query })
            : t('chat.suggestions.noMembers', { query: state.query })}
        </p>
      )}
    </div>
  );
}
