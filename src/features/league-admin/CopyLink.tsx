/**
 * An address to pass on, with a Copy button. Where the browser refuses the clipboard (no
 * permission, an insecure page) the address is selected in its field and the member is told to
 * copy it themselves.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useToast } from '../../lib/toasts';

export function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [manual, setManual] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setManual(false);
      toast.success(t('admin.invite.copied'));
    } catch {
      setManual(true);
      field.current?.focus();
      field.current?.select();
    }
  };
  return (
    <div className="copy-link">
      <label htmlFor={`${id}-url`}>{label}</label>
      <div className="copy-link-row">
        <input
          ref={field}
          id={`${id}-url`}
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          aria-describedby={manual ? `${id}-manual` : undefined}
        />
        <button type="button" onClick={() => void copy()}>
          {t('admin.invite.copy')}
        </button>
      </div>
      {manual && (
        <p role="alert" className="field-hint" id={`${id}-manual`}>
          {t('admin.invite.copyYourself')}
        </p>
      )}
    </div>
  );
}
