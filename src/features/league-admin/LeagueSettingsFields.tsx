/**
 * The league's settings as form fields ("Start a league" and the league's settings): what it is
 * called and plays, its points, squad and sheet sizes (prefilled from the sport, and again when
 * the sport changes) and its tie-break rule. `rulesLocked` (a fixture has been played) leaves only
 * the name and the season to change.
 */
import { Field, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { FormField } from '../../components/ui/FormField';
import { useTranslation } from '../../i18n/use-translation';
import type { Sport } from '../../lib/league-client';
import { POINTS_MAX, SPORTS } from '../../lib/league-rules';
import { sportNumbers, type SettingsValues } from './settings-form';
import { TieBreakField } from './TieBreakField';

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export function LeagueSettingsFields({ rulesLocked }: { rulesLocked: boolean }) {
  const { t } = useTranslation();
  const { setValues, values } = useFormikContext<SettingsValues>();
  const timeZones = useMemo(() => zones(), []);
  return (
    <>
      <fieldset className="settings-group">
        <legend>{t('admin.settings.about')}</legend>
        <FormField name="name" label={t('admin.settings.name')} autoComplete="off" />
        <div className="field">
          <label htmlFor="sport">{t('admin.settings.sport')}</label>
          <Field
            as="select"
            id="sport"
            name="sport"
            disabled={rulesLocked}
            aria-describedby="sport-hint"
            onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
              const sport = event.target.value as Sport;
              void setValues({ ...values, sport, ...sportNumbers(sport) });
            }}
          >
            {SPORTS.map((sport) => (
              <option key={sport} value={sport}>
                {t(`league.sport.${sport}`)}
              </option>
            ))}
          </Field>
          <p className="field-hint" id="sport-hint">
            {t('admin.settings.sportHint')}
          </p>
        </div>
        <FormField name="season" label={t('admin.settings.season')} hint={t('admin.settings.seasonHint')} />
        <FormField
          name="first_match_date"
          type="date"
          label={t('admin.settings.firstMatchDate')}
          hint={t('admin.settings.firstMatchDateHint')}
          disabled={rulesLocked}
        />
        <FormField
          name="time_zone"
          label={t('admin.settings.timeZone')}
          hint={t('admin.settings.timeZoneHint')}
          autoComplete="off"
          list="time-zones"
          disabled={rulesLocked}
        />
        <datalist id="time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </fieldset>
      <fieldset className="settings-group">
        <legend>{t('admin.settings.points')}</legend>
        <p className="field-hint">{t('admin.settings.pointsHint', { max: POINTS_MAX })}</p>
        <div className="number-row">
          {(['win', 'draw', 'loss'] as const).map((key) => (
            <FormField
              key={key}
              name={`points.${key}`}
              type="number"
              min={0}
              max={POINTS_MAX}
              label={t(`admin.settings.points_${key}`)}
              disabled={rulesLocked}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="settings-group">
        <legend>{t('admin.settings.squads')}</legend>
        <p className="field-hint">{t('admin.settings.squadsHint')}</p>
        <div className="number-row">
          <FormField
            name="squad.min"
            type="number"
            min={1}
            label={t('admin.settings.squadMin')}
            disabled={rulesLocked}
          />
          <FormField
            name="squad.max"
            type="number"
            min={1}
            label={t('admin.settings.squadMax')}
            disabled={rulesLocked}
          />
          <FormField
            name="sheet.starters"
            type="number"
            min={1}
            label={t('admin.settings.starters')}
            disabled={rulesLocked}
          />
          <FormField
            name="sheet.substitutes_max"
            type="number"
            min={0}
            label={t('admin.settings.substitutes')}
            disabled={rulesLocked}
          />
        </div>
      </fieldset>
      <TieBreakField disabled={rulesLocked} />
    </>
  );
}
