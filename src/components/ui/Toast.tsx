/** One toast: a message with a dismiss button. Errors are alerts; the others are polite status. */
import { CloseIcon } from './icons';

export interface ToastProps {
  kind: 'success' | 'error' | 'info';
  message: string;
  state: string;
  dismissLabel: string;
  onDismiss: () => void;
  onPause: () => void;
  onResume: () => void;
}

export function Toast({ kind, message, state, dismissLabel, onDismiss, onPause, onResume }: ToastProps) {
  return (
    <div
      className={`toast toast-${kind}`}
      data-state={state}
      role={kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
    >
      <span className="toast-message">{message}</span>
      <button type="button" className="toast-dismiss" aria-label={dismissLabel} onClick={onDismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
