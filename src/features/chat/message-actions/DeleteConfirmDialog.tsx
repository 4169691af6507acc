/** "Delete this message?" — the confirmation before a message is deleted for everyone. */
import { useId, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AnchoredDialog } from '../shared/emoji-picker/AnchoredDialog';

export function DeleteConfirmDialog({
  returnTo,
  onCancel,
  onConfirm,
}: {
  returnTo: RefObject<HTMLElement | null>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <AnchoredDialog
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      anchorRef={returnTo}
      centered
      onClose={onCancel}
      className="confirm-dialog"
      part="delete-confirm"
    >
      <h2 id={`${id}-title`} className="confirm-dialog-title">
        {t('chat.actions.deleteConfirm.title')}
      </h2>
      <p id={`${id}-body`}>{t('chat.actions.deleteConfirm.body')}</p>
      <div className="confirm-dialog-buttons">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('chat.actions.deleteConfirm.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {t('chat.actions.deleteConfirm.confirm')}
        </button>
      </div>
    </AnchoredDialog>
  );
}
