/**
 * How teams level on points are ranked: one of the presets, each explained in plain words, or the
 * commissioner's own ordered list. The list starts with points (a tie-break separates teams level
 * on points); the other criteria move up and down with buttons, and each move is announced. The
 * moved criterion's button keeps focus (or its other button, at the end of the list), so a
 * keyboard moves it again with the same key.
 */
import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TIE_BREAK_CRITERIA, TIE_BREAK_PRESET_NAMES, type TieBreakCriterion } from '../../lib/league-rules';
import type { SettingsValues } from './settings-form';

type Direction = 'up' | 'down';

export function TieBreakField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SettingsValues>();
  const choices = [...TIE_BREAK_PRESET_NAMES, 'custom'] as const;
  return (
    <fieldset className="tie-break" disabled={disabled}>
      <legend>{t('admin.tieBreak.legend')}</legend>
      <p className="field-hint">{t('admin.tieBreak.hint')}</p>
      {choices.map((choice) => (
        <div className="choice" key={choice}>
          <input
            type="radio"
            id={`tie-break-${choice}`}
            name="tie_break"
            value={choice}
            checked={values.tie_break === choice}
            aria-describedby={`tie-break-${choice}-text`}
            onChange={() => void setFieldValue('tie_break', choice)}
          />
          <label htmlFor={`tie-break-${choice}`}>{t(`admin.tieBreak.choice.${choice}.name`)}</label>
          <p className="field-hint" id={`tie-break-${choice}-text`}>
            {t(`admin.tieBreak.choice.${choice}.text`)}
          </p>
        </div>
      ))}
      {values.tie_break === 'custom' && (
        <CustomOrder
          criteria={values.custom}
          disabled={disabled}
          onChange={(next) => void setFieldValue('custom', next)}
        />
      )}
    </fieldset>
  );
}

function CustomOrder({
  criteria,
  disabled,
  onChange,
}: {
  criteria: TieBreakCriterion[];
  disabled: boolean;
  onChange: (next: TieBreakCriterion[]) => void;
}) {
  const { t } = useTranslation();
  const name = (criterion: TieBreakCriterion) => t(`admin.criterion.${criterion}`);
  const unused = TIE_BREAK_CRITERIA.filter((criterion) => !criteria.includes(criterion));
  const [adding, setAdding] = useState<TieBreakCriterion | ''>('');
  const toAdd = adding && unused.includes(adding) ? adding : (unused[0] ?? '');
  const [announcement, setAnnouncement] = useState('');
  const container = useRef<HTMLDivElement>(null);
  // The control that takes focus once the list has changed.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const key = focusNext.current;
    focusNext.current = null;
    if (key) container.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  }, [criteria]);

  const move = (index: number, direction: Direction) => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const next = [...criteria];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    const criterion = criteria[index]!;
    // At either end the button pressed is disabled: focus its counterpart.
    const atEnd = direction === 'up' ? target === 1 : target === next.length - 1;
    focusNext.current = `${criterion}-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}`;
    setAnnouncement(t('admin.tieBreak.moved', { criterion: name(criterion), place: target + 1 }));
  };
  const remove = (index: number) => {
    const criterion = criteria[index]!;
    onChange(criteria.filter((_, i) => i !== index));
    focusNext.current = 'add-select';
    setAnnouncement(t('admin.tieBreak.removed', { criterion: name(criterion) }));
  };
  const add = () => {
    if (!toAdd) return;
    onChange([...criteria, toAdd]);
    setAdding('');
    setAnnouncement(t('admin.tieBreak.added', { criterion: name(toAdd), place: criteria.length + 1 }));
  };

  return (
    <div className="custom-order" ref={container}>
      <p className="field-hint" id="custom-order-hint">
        {t('admin.tieBreak.customHint')}
      </p>
      <ol className="criteria" aria-label={t('admin.tieBreak.order')} aria-describedby="custom-order-hint">
        {criteria.map((criterion, index) => (
          <li key={criterion}>
            <span className="criterion-name">{name(criterion)}</span>
            {index === 0 ? (
              <span className="muted">{t('admin.tieBreak.alwaysFirst')}</span>
            ) : (
              <span className="criterion-actions">
                <button
                  data-focus-key={`${criterion}-up`}
                  type="button"
                  className="secondary"
                  disabled={disabled || index === 1}
                  onClick={() => move(index, 'up')}
                >
                  {t('admin.tieBreak.up')} <span className="visually-hidden">{name(criterion)}</span>
                </button>
                <button
                  data-focus-key={`${criterion}-down`}
                  type="button"
                  className="secondary"
                  disabled={disabled || index === criteria.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  {t('admin.tieBreak.down')} <span className="visually-hidden">{name(criterion)}</span>
                </button>
                <button type="button" className="secondary" disabled={disabled} onClick={() => remove(index)}>
                  {t('admin.tieBreak.remove')} <span className="visually-hidden">{name(criterion)}</span>
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {unused.length > 0 && (
        <div className="criteria-add">
          <label htmlFor="criteria-add">{t('admin.tieBreak.addLabel')}</label>
          <div className="criteria-add-row">
            <select
              id="criteria-add"
              data-focus-key="add-select"
              value={toAdd}
              disabled={disabled}
              onChange={(event) => setAdding(event.target.value as TieBreakCriterion)}
            >
              {unused.map((criterion) => (
                <option key={criterion} value={criterion}>
                  {name(criterion)}
                </option>
              ))}
            </select>
            <button type="button" className="secondary" disabled={disabled} onClick={add}>
              {t('admin.tieBreak.add')}
            </button>
          </div>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
