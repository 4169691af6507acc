/**
 * Asks before something that cannot be undone (replacing a schedule, removing a team or a member,
 * leaving a league). Cancel has focus first, so Enter alone never confirms; the answer's failure
 * is announced inside the dialog, which stays open to try again or cancel. The caller passes
 * every text, in the member's language.
 */
import { useId, useRef, type ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** Why the last attempt failed. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog titleId={titleId} className="cl-confirm" initialFocus={cancelRef} onClose={onCancel}>
      <h2 id={titleId} className="cl-dialog-title">
        {title}
      </h2>
      <div className="cl-confirm-text">{children}</div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="cl-dialog-actions">
        <button ref={cancelRef} type="button" className="secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
