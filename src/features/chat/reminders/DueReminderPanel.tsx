/**
 * The due-reminder notices (issue #27 item 5), under the top bar of every signed-in page, in the
 * page's flow (never over the composer's Send, nor over anything else): one due reminder in full
 * — where, who and what — with "Open message" (the channel at the message, or the thread at the
 * reply), "Remind me in 30 min" (the reminder machine saves the new time; it is announced again
 * then) and "Dismiss"; several fold into "3 reminders are due", which unfolds into the list.
 * It stays until the member acts on it (machines/due-reminders: no timer). Fetched, with the
 * reminders' strings, when the first reminder falls due.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import { SNOOZE_MS } from '../../../../machines/due-reminders/due-reminders.machine';
import { selectIsExpanded, selectNotices } from '../../../../machines/due-reminders/due-reminders.selectors';
import type { DueNotice } from '../../../../machines/due-reminders/due-reminders.types';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { BellIcon } from './BellIcon';
import type { DueRemindersActor } from './due-reminders';
import { relativeDue } from './reminder-format';
import { changeReminder } from './reminder-registry';
import './due-reminders.css';

interface Props {
  client: StreamChat;
  actor: DueRemindersActor;
}

/** The dismiss button's cross, shown alone on phones (its word stays its name). */
function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="icon">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Where focus goes once the control that had it is gone: the notices left, else the page. */
function refocus(region: RefObject<HTMLElement | null>, remaining: number) {
  if (remaining > 0) region.current?.focus();
  else document.getElementById('main')?.focus();
}

function Notice({ notice, client, actor, onGone }: Props & { notice: DueNotice; onGone: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const id = useId();
  const snooze = () => {
    actor.send({ type: 'notice.snooze', key: notice.key });
    onGone();
    void changeReminder(client, notice.messageId, { type: 'reminder.set', presetMs: SNOOZE_MS }).then((error) =>
      error
        ? toast.error(t(error.key))
        : toast.success(t('chat.reminders.set', { when: relativeDue(SNOOZE_MS, i18n.language) })),
    );
  };
  return (
    <div className="due-reminder" data-part="due-reminder" data-message-id={notice.messageId}>
      <BellIcon size={20} />
      <p className="due-reminder-body" id={`${id}-text`}>
        <span className="due-reminder-where">
          {notice.channel === null
            ? t('chat.reminders.due.headingNoChannel')
            : t('chat.reminders.due.heading', { channel: notice.channel })}
        </span>{' '}
        <span className="due-reminder-message">
          <strong>{notice.author ?? t('chat.message.unknownUser')}</strong>
          {': '}
          {notice.text ?? t('chat.summary.unavailable')}
        </span>
      </p>
      <span className="due-reminder-actions">
        <Link
          to={notice.to}
          className="due-reminder-open"
          aria-describedby={`${id}-text`}
          data-action="open"
          onClick={() => actor.send({ type: 'notice.open', key: notice.key })}
        >
          {t('chat.reminders.due.open')}
        </Link>
        <button
          type="button"
          className="secondary"
          aria-describedby={`${id}-text`}
          data-action="snooze"
          onClick={snooze}
        >
          {t('chat.reminders.due.snooze')}
        </button>
      </span>
      <button
        type="button"
        className="secondary due-reminder-dismiss"
        aria-describedby={`${id}-text`}
        data-action="dismiss"
        onClick={() => {
          actor.send({ type: 'notice.dismiss', key: notice.key });
          onGone();
        }}
      >
        <CloseIcon />
        <span className="due-reminder-dismiss-text">{t('chat.reminders.due.dismiss')}</span>
      </button>
    </div>
  );
}

export default function DueReminderPanel({ client, actor }: Props) {
  const { t } = useTranslation();
  const notices = useSelector(actor, selectNotices);
  const expanded = useSelector(actor, selectIsExpanded);
  const region = useRef<HTMLElement>(null);
  const listId = useId();
  const several = notices.length > 1;
  const onGone = () => refocus(region, notices.length - 1);
  return (
    <section
      ref={region}
      className="due-reminders"
      aria-label={t('chat.reminders.due.region')}
      tabIndex={-1}
      data-part="due-reminders"
      data-state={several ? (expanded ? 'expanded' : 'collapsed') : 'single'}
    >
      {several ? (
        <>
          <div className="due-reminder due-reminders-summary">
            <BellIcon size={20} />
            <p className="due-reminder-body">
              <strong>{t('chat.reminders.due.several', { count: notices.length })}</strong>
            </p>
            <span className="due-reminder-actions">
              <button
                type="button"
                className="secondary"
                aria-expanded={expanded}
                aria-controls={listId}
                data-action="toggle"
                onClick={() => actor.send({ type: expanded ? 'notices.collapse' : 'notices.expand' })}
              >
                {expanded ? t('chat.reminders.due.hide') : t('chat.reminders.due.show')}
              </button>
              <button
                type="button"
                className="secondary"
                data-action="dismiss-all"
                onClick={() => {
                  actor.send({ type: 'notices.dismissAll' });
                  refocus(region, 0);
                }}
              >
                {t('chat.reminders.due.dismissAll')}
              </button>
            </span>
          </div>
          <ul id={listId} className="due-reminders-list" hidden={!expanded}>
            {expanded &&
              notices.map((notice) => (
                <li key={notice.key}>
                  <Notice notice={notice} client={client} actor={actor} onGone={onGone} />
                </li>
              ))}
          </ul>
        </>
      ) : (
        notices[0] && <Notice notice={notices[0]} client={client} actor={actor} onGone={onGone} />
      )}
    </section>
  );
}
