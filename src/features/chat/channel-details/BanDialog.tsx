/**
 * Banning a member: a reason (optional, kept with the ban for moderators) and how long — an hour,
 * a day, a week or until unbanned. Cancel has focus first, so Enter alone never bans.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { BAN_REASON_MAX_LENGTH, BAN_TIMEOUTS, type BanChoice, type BanTimeout } from './member-actions';

export function BanDialog({
  name,
  onCancel,
  onBan,
}: {
  name: string;
  onCancel: () => void;
  onBan: (choice: BanChoice) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [timeout, setTimeout] = useState<BanTimeout>('day');
  return (
    <ModalDialog titleId={titleId} className="cl-confirm chat-ban-dialog" initialFocus={reasonRef} onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onBan({ timeout, reason });
        }}
      >
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.details.ban.title', { name })}
        </h2>
        <p className="cl-confirm-text">{t('chat.details.ban.text')}</p>
        <div className="field">
          <label htmlFor={`${titleId}-reason`}>{t('chat.details.ban.reason')}</label>
          <textarea
            id={`${titleId}-reason`}
            ref={reasonRef}
            rows={2}
            maxLength={BAN_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <fieldset className="chat-ban-timeouts">
          <legend>{t('chat.details.ban.duration')}</legend>
          {BAN_TIMEOUTS.map((choice) => (
            <label key={choice.key}>
              <input
                type="radio"
                name={`${titleId}-timeout`}
                value={choice.key}
                checked={timeout === choice.key}
                onChange={() => setTimeout(choice.key)}
              />
              {t(`chat.details.ban.timeouts.${choice.key}`)}
            </label>
          ))}
        </fieldset>
        <div className="cl-dialog-actions">
          <button type="button" className="secondary" onClick={onCancel}>
            {t('chat.details.ban.cancel')}
          </button>
          <button type="submit" className="danger">
            {t('chat.details.ban.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
