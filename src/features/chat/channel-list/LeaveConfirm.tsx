/**
 * Asks before the member leaves a channel (only a moderator can add them back): a small dialog
 * whose Cancel has focus first, so Enter alone never leaves.
 */
import { useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../../../components/ui/ModalDialog';

export function LeaveConfirm({ name, onCancel, onLeave }: { name: string; onCancel: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog titleId={titleId} className="cl-confirm" initialFocus={cancelRef} onClose={onCancel}>
      <h2 id={titleId} className="cl-dialog-title">
        {t('chat.channelList.leaveConfirm.title', { name })}
      </h2>
      <p className="cl-confirm-text">{t('chat.channelList.leaveConfirm.text')}</p>
      <div className="cl-dialog-actions">
        <button ref={cancelRef} type="button" className="secondary" onClick={onCancel}>
          {t('chat.channelList.leaveConfirm.cancel')}
        </button>
        <button type="button" onClick={onLeave}>
          {t('chat.channelList.leaveConfirm.leave')}
        </button>
      </div>
    </ModalDialog>
  );
}
