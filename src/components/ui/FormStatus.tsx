/** A form's server-side error (an alert) and its submit button, disabled while sending. */
export function FormError({ message }: { message: unknown }) {
  if (typeof message !== 'string') return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
