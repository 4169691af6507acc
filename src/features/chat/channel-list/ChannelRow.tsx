/**
 * One channel in the list: a link to the channel (its accessible name is the channel's name and
 * unread count, "Match day, 3 unread"; the preview and markers describe it), the avatar, the last
 * message with its time, the unread badge (a dot for muted channels), the muted and frozen
 * markers, and the row's menu — by its button (shown on hover and focus), a right click, or the
 * ContextMenu key / Shift+F10 on the link.
 */
import type { Locale } from 'date-fns';
import { useCallback, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { Channel } from 'stream-chat';
import { Avatar } from '../shared/Avatar';
import { cachedPollName } from '../shared/message-summary';
import { channelPath, useChatWorkspace } from '../workspace/chat-workspace-context';
import { actionLabelKey, actionsFor, type ChannelAction } from './channel-actions';
import { fullTime, isFrozen, isMuted, nameOf, pictureOf, previewOf, timeLabel, unreadOf } from './channel-row-model';
import { FrozenIcon, MutedIcon } from './icons';
import { preloadable } from '../../../lib/preloadable';
import { useChannelVersion } from '../shared/use-channel-version';
import { MoreIcon } from '../../../components/ui/icons';

// A row's menu is fetched as soon as the member turns to the list (ChannelListPanel preloads it
// when the list is pointed at or gets the focus), not with the chat page.
export const RowMenu = preloadable(() => import('./RowMenu').then((m) => ({ default: m.RowMenu })), null, {
  optional: true,
});

export interface RowProps {
  channel: Channel;
  userId: string;
  active: boolean;
  locale: Locale;
  onChosen?: () => void;
  /** Runs a menu action; absent for rows without a menu (search results). */
  onAction?: (channel: Channel, action: ChannelAction) => void;
  /** Draws the name another way: search results mark the search's words in it (SearchResults). */
  renderName?: (name: string) => ReactNode;
}

type MenuState = { x: number; y: number; opener: 'link' | 'button' } | null;

export function ChannelRow({ channel, userId, active, locale, onChosen, onAction, renderName }: RowProps) {
  const { t } = useTranslation();
  const { client } = useChatWorkspace();
  useChannelVersion(client, channel);
  const describedBy = useId();
  const linkRef = useRef<HTMLAnchorElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<MenuState>(null);

  const name = nameOf(channel, userId);
  const unread = unreadOf(client, channel, userId);
  const muted = isMuted(client, channel);
  const frozen = isFrozen(channel);
  const preview = previewOf(channel, userId, t, cachedPollName(client));
  const label =
    unread.count > 0
      ? t('chat.channelList.rowUnread', { name, count: unread.count })
      : unread.hasUnread
        ? t('chat.channelList.rowNew', { name })
        : name;
  const markers = [muted ? t('chat.channelList.muted') : null, frozen ? t('chat.channelList.frozen') : null]
    .filter(Boolean)
    .join(', ');

  const openMenuAt = (x: number, y: number, opener: 'link' | 'button') => {
    if (onAction) setMenu({ x, y, opener });
  };
  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    openMenuAt(rect.left + 16, rect.bottom, 'link');
  };
  const onContextMenu = (event: MouseEvent) => {
    if (!onAction) return;
    event.preventDefault();
    openMenuAt(event.clientX, event.clientY, 'link');
  };
  const closeMenu = useCallback(
    (refocus: boolean) => {
      const opener = menu?.opener === 'button' ? buttonRef.current : linkRef.current;
      setMenu(null);
      if (refocus) opener?.focus();
    },
    [menu],
  );

  return (
    <li
      className="cl-row"
      data-cid={channel.cid}
      data-active={active || undefined}
      data-unread={unread.hasUnread || undefined}
      data-menu-open={menu ? true : undefined}
      onContextMenu={onContextMenu}
    >
      <Link
        ref={linkRef}
        to={channelPath(channel.type, channel.id!)}
        className="cl-row-link"
        aria-label={label}
        aria-describedby={describedBy}
        aria-current={active ? 'page' : undefined}
        onClick={() => onChosen?.()}
        onKeyDown={onLinkKeyDown}
      >
        <Avatar id={channel.cid} name={name} image={pictureOf(channel, userId)} size={36} />
        <span className="cl-row-body">
          <span className="cl-row-top">
            <span className="cl-row-name">{renderName ? renderName(name) : name}</span>
            {muted && (
              <span className="cl-marker" aria-hidden="true" title={t('chat.channelList.muted')}>
                <MutedIcon />
              </span>
            )}
            {frozen && (
              <span className="cl-marker" aria-hidden="true" title={t('chat.channelList.frozen')}>
                <FrozenIcon />
              </span>
            )}
            {preview.at && (
              <time className="cl-row-time" dateTime={preview.at.toISOString()} title={fullTime(preview.at, locale)}>
                {timeLabel(preview.at, new Date(), locale)}
              </time>
            )}
          </span>
          <span className="cl-row-bottom">
            <span className="cl-row-preview" id={describedBy}>
              {preview.text}
              {markers && <span className="visually-hidden">{`. ${markers}`}</span>}
            </span>
            {unread.count > 0 ? (
              <span className="cl-badge" aria-hidden="true">
                {unread.count > 99 ? '99+' : unread.count}
              </span>
            ) : unread.hasUnread ? (
              <span className="cl-dot" aria-hidden="true" />
            ) : null}
          </span>
        </span>
      </Link>
      {onAction && (
        <button
          ref={buttonRef}
          type="button"
          className="cl-row-menu-button"
          aria-label={t('chat.channelList.actions.menu', { name })}
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            openMenuAt(rect.right - 180, rect.bottom, 'button');
          }}
        >
          <MoreIcon />
        </button>
      )}
      {menu && onAction && (
        <RowMenu
          label={t('chat.channelList.actions.menu', { name })}
          at={menu}
          onClose={closeMenu}
          items={actionsFor(client, channel).map((action) => ({
            key: action,
            label: t(actionLabelKey(action)),
            danger: action === 'leave',
            onSelect: () => onAction(channel, action),
          }))}
        />
      )}
    </li>
  );
}
