/**
 * A squad player's position and shirt number, the fields adding a player and editing one share;
 * `idPrefix` keeps each form's ids its own.
 */
import { Field } from 'formik';
import { FormField } from '../../components/ui/FormField';
import { useTranslation } from '../../i18n/use-translation';
import type { Sport } from '../../lib/league-client';

export function PositionAndShirt({
  idPrefix,
  positions,
  sport,
}: {
  idPrefix: string;
  positions: string[];
  sport: Sport;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-position`}>{t('roster.add.position')}</label>
        <Field as="select" id={`${idPrefix}-position`} name="position">
          {positions.map((code) => (
            <option key={code} value={code}>
              {t(`league.position.${sport}.${code}.name`, { defaultValue: code })}
            </option>
          ))}
        </Field>
      </div>
      <FormField
        id={`${idPrefix}-shirt`}
        name="shirt"
        type="number"
        min={0}
        label={t('roster.add.shirt')}
        hint={t('roster.add.shirtHint')}
      />
    </>
  );
}
