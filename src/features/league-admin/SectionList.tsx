/**
 * The recorded entries of a rules section: loading, the failure with a retry, the empty state that
 * says what to do, or the list; and the date an entry was recorded, in the member's language.
 */
import type { ReactNode } from 'react';
import { LoadFailure } from '../../components/league/LoadFailure';
import { useTranslation } from '../../i18n/use-translation';
import type { Resource } from '../../lib/use-resource';

export function SectionList<T>({
  resource,
  items,
  empty,
  label,
  render,
}: {
  resource: Pick<Resource<unknown>, 'error' | 'reload'>;
  items: readonly T[] | null;
  empty: string;
  label: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (resource.error)
    return <LoadFailure text={t('admin.rules.loadFailed', { reason: resource.error })} onRetry={resource.reload} />;
  if (!items) return <p className="muted">{t('admin.loading')}</p>;
  if (items.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="rule-list" aria-label={label}>
      {items.map(render)}
    </ul>
  );
}

export function RecordedOn({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(at));
  return (
    <span className="muted rule-date">
      {t('admin.rules.recordedOn')} <time dateTime={at}>{date}</time>
    </span>
  );
}
