/**
 * The rule the table is ranked by, as the league states it (`tie_break`: its criteria in order,
 * then "name"), in words: "Ranked by points, then goal difference, goals scored, wins and name."
 */
import { useTranslation } from '../../i18n/use-translation';

export function TieBreakNote({ criteria }: { criteria: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const names = criteria.map((criterion) => t(`league.criterion.${criterion}`, { defaultValue: criterion }));
  const [first = '', ...rest] = names;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(rest);
  return (
    <p className="muted standings-note">
      {rest.length > 0 ? t('league.rankedBy', { first, rest: list }) : t('league.rankedByOne', { first })}
    </p>
  );
}
