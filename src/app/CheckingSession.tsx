import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../lib/session';

/** Shown while the session loads; says so when the server cannot be reached and it keeps trying. */
export function CheckingSession() {
  const { t } = useTranslation();
  const { lastError } = useSession();
  return (
    <div className="checking" role="status" data-state="loading">
      <p>{t('session.checking')}</p>
      {lastError && <p className="checking-retry">{t('session.retrying', { reason: lastError })}</p>}
    </div>
  );
}
