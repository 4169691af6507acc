/** Why something could not be loaded, announced, with the way to try again. */
import { useTranslation } from '../../i18n/use-translation';

export function LoadFailure({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="form-error">
      {text}{' '}
      <button type="button" className="secondary" onClick={onRetry}>
        {t('league.retry')}
      </button>
    </p>
  );
}
