/**
 * The custom reminder time (a date and a time, in the member's time zone), for a new reminder and
 * for changing one in "Saved and reminders". A time that is not in the future is refused with a
 * message next to the field; Escape or Cancel closes it and focus goes back to the opener.
 */
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AnchoredDialog } from '../shared/emoji-picker/AnchoredDialog';
import { HOUR_MS } from '../../../../machines/reminder/reminder.machine';
import { fromLocalInputValue, toLocalInputValue } from './reminder-format';
import './reminders.css';

/** The time the field suggests when there is none yet: an hour from now. */
export const DEFAULT_CUSTOM_OFFSET_MS = HOUR_MS;

export function ReminderTimeDialog({
  returnTo,
  initial,
  onCancel,
  onSave,
}: {
  returnTo: RefObject<HTMLElement | null>;
  /** The current due time (ms since the epoch), when changing one. */
  initial?: number | null;
  onCancel: () => void;
  /** The chosen time, in ms since the epoch (always in the future). */
  onSave: (time: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(() =>
    toLocalInputValue(initial && initial > Date.now() ? initial : Date.now() + DEFAULT_CUSTOM_OFFSET_MS),
  );
  const [error, setError] = useState<string | null>(null);
  const [min] = useState(() => toLocalInputValue(Date.now()));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = fromLocalInputValue(value);
    if (time === null) setError(t('chat.reminders.dialog.invalid'));
    else if (time <= Date.now()) setError(t('chat.reminders.dialog.past'));
    else onSave(time);
  };
  return (
    <AnchoredDialog
      labelledBy={`${id}-title`}
      anchorRef={returnTo}
      centered
      onClose={onCancel}
      className="confirm-dialog reminder-dialog"
      part="reminder-dialog"
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="confirm-dialog-title">
          {t('chat.reminders.dialog.title')}
        </h2>
        <label htmlFor={`${id}-time`} className="reminder-dialog-label">
          {t('chat.reminders.dialog.label')}
        </label>
        <input
          id={`${id}-time`}
          type="datetime-local"
          value={value}
          min={min}
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="reminder-dialog-error">
            {error}
          </p>
        )}
        <div className="confirm-dialog-buttons">
          <button type="button" className="secondary" onClick={onCancel}>
            {t('chat.reminders.dialog.cancel')}
          </button>
          <button type="submit">{t('chat.reminders.dialog.save')}</button>
        </div>
      </form>
    </AnchoredDialog>
  );
}
