/**
 * "Saved and reminders" under "Threads" in the channel list: opens `/chat/reminders`. Kept small
 * (it ships with the chat page); the view's code is fetched when the link is pointed at or focused.
 */
import { Link, useMatch } from 'react-router-dom';
import { useTranslation } from '../../../i18n/use-translation';
import { RemindersView } from './lazy-reminders-view';

export const REMINDERS_PATH = '/chat/reminders';

export function RemindersLink({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const active = useMatch(REMINDERS_PATH) !== null;
  const preload = () => void RemindersView.preload();
  return (
    <ul className="cl-rows cl-reminders">
      <li className="cl-row" data-active={active || undefined}>
        <Link
          to={REMINDERS_PATH}
          className="cl-row-link"
          aria-current={active ? 'page' : undefined}
          data-part="reminders-link"
          onClick={onChosen}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <span className="cl-threads-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="20" height="20" focusable="false" className="icon">
              <path
                d="M6 3h12v18l-6-4-6 4V3Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <span className="cl-row-body">
            <span className="cl-row-top">
              <span className="cl-row-name">{t('chat.reminders.title')}</span>
            </span>
          </span>
        </Link>
      </li>
    </ul>
  );
}
