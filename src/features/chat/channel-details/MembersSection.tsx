/**
 * The channel's members, a page at a time: picture, name, role (owner, moderator, member),
 * online or not, and "banned", "shadow banned", "muted" markers; "Add members" for those who may;
 * each other member's menu with the actions the channel allows (member-actions.ts). Ban opens a
 * dialog for the reason and duration; every failure is a toast in words.
 */
import { useId, useRef, useState } from 'react';
import type { Channel, ChannelMemberResponse } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { RowMenu } from '../channel-list/RowMenu';
import { Avatar } from '../shared/Avatar';
import { useChatWorkspace } from '../workspace/chat-workspace-context';
import { AddMembersDialog } from './AddMembersDialog';
import { BanDialog } from './BanDialog';
import {
  actionFailureKey,
  actionLabelKey,
  actionsFor,
  isMutedByMe,
  rightsIn,
  roleOf,
  runMemberAction,
  type BanChoice,
  type MemberAction,
} from './member-actions';
import { useMembers } from './use-members';
import { MoreIcon } from '../../../components/ui/icons';

const DANGER = new Set<MemberAction>(['ban', 'shadowBan', 'remove']);

const nameOf = (member: ChannelMemberResponse) =>
  (typeof member.user?.name === 'string' && member.user.name) || member.user_id || member.user?.id || '?';

export function MembersSection({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { client } = useChatWorkspace();
  const headingId = useId();
  const list = useMembers(client, channel);
  const [menu, setMenu] = useState<{ member: ChannelMemberResponse; at: { x: number; y: number } } | null>(null);
  const [banning, setBanning] = useState<ChannelMemberResponse | null>(null);
  const [adding, setAdding] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const rights = rightsIn(channel);
  const count = channel.data?.member_count ?? list.members.length;

  const run = (action: MemberAction, member: ChannelMemberResponse, ban?: BanChoice) => {
    const userId = member.user_id ?? member.user!.id;
    runMemberAction(client, channel, action, userId, ban).then(
      () => {
        toast.success(t(`chat.details.done.${action}`, { name: nameOf(member) }));
        list.reload();
      },
      () => toast.error(t(actionFailureKey(action))),
    );
  };

  const choose = (action: MemberAction, member: ChannelMemberResponse) => {
    if (action === 'ban') setBanning(member);
    else run(action, member);
  };

  return (
    <section className="chat-details-section" aria-labelledby={headingId}>
      <div className="chat-details-row">
        <h3 id={headingId} className="chat-details-heading">
          {t('chat.details.members.title', { count })}
        </h3>
        {rights.manageMembers && (
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            {t('chat.details.members.add')}
          </button>
        )}
      </div>
      <ul className="chat-details-members" aria-labelledby={headingId} aria-busy={list.loading}>
        {list.members.map((member) => {
          const user = member.user;
          const id = member.user_id ?? user?.id ?? '';
          const name = nameOf(member);
          const role = roleOf(channel, member);
          const actions = actionsFor(client, channel, member);
          return (
            <li key={id} className="chat-details-member" data-user-id={id}>
              <span className="chat-details-avatar">
                <Avatar id={id} name={name} image={user?.image} size={36} />
                {/* The composer's presence dot (composer.css, loaded with the chat). */}
                <span className="composer-presence" data-online={user?.online || undefined} aria-hidden="true" />
              </span>
              <span className="chat-details-who">
                <span className="chat-details-member-name">
                  {name}
                  {id === client.userID && <span className="chat-muted"> {t('chat.details.members.you')}</span>}
                </span>
                <span className="chat-muted chat-details-meta">
                  <span data-part="role">{t(`chat.details.roles.${role}`)}</span>
                  {' · '}
                  {user?.online ? t('chat.details.members.online') : t('chat.details.members.offline')}
                  {member.banned && <span className="chat-details-marker"> {t('chat.details.members.banned')}</span>}
                  {member.shadow_banned && (
                    <span className="chat-details-marker"> {t('chat.details.members.shadowBanned')}</span>
                  )}
                  {isMutedByMe(client, id) && (
                    <span className="chat-details-marker"> {t('chat.details.members.muted')}</span>
                  )}
                </span>
              </span>
              {actions.length > 0 && (
                <button
                  type="button"
                  className="chat-icon-button"
                  aria-label={t('chat.details.members.menu', { name })}
                  aria-haspopup="menu"
                  aria-expanded={menu?.member === member}
                  data-part="member-menu"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    const rect = event.currentTarget.getBoundingClientRect();
                    setMenu({ member, at: { x: rect.right - 200, y: rect.bottom + 4 } });
                  }}
                >
                  <MoreIcon />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {list.failed && (
        <div role="alert" className="chat-details-status">
          <p>{t('chat.details.members.failed')}</p>
          <button type="button" className="secondary" onClick={() => list.reload()}>
            {t('chat.workspace.retry')}
          </button>
        </div>
      )}
      {list.hasMore && !list.failed && (
        <button type="button" className="secondary" disabled={list.loading} onClick={() => list.loadMore()}>
          {t('chat.details.members.more')}
        </button>
      )}
      {menu && (
        <RowMenu
          label={t('chat.details.members.menu', { name: nameOf(menu.member) })}
          at={menu.at}
          items={actionsFor(client, channel, menu.member).map((action) => ({
            key: action,
            label: t(actionLabelKey(action)),
            danger: DANGER.has(action),
            onSelect: () => choose(action, menu.member),
          }))}
          onClose={(refocus) => {
            setMenu(null);
            if (refocus) opener.current?.focus();
          }}
        />
      )}
      {banning && (
        <BanDialog
          name={nameOf(banning)}
          onCancel={() => setBanning(null)}
          onBan={(choice) => {
            setBanning(null);
            run('ban', banning, choice);
          }}
        />
      )}
      {adding && (
        <AddMembersDialog
          channel={channel}
          present={list.members.map((m) => m.user_id ?? m.user?.id ?? '')}
          onClose={() => setAdding(false)}
          onAdded={() => list.reload()}
        />
      )}
    </section>
  );
}
