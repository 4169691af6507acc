/**
 * The coach's team sheet editor: for each squad player a choice of Starter, Substitute or Not
 * selected (a radio group: arrow keys move within it, Tab to the next player), counters against
 * the league's rules, and Save, which stays disabled with the reasons until the sheet fits them.
 * Injured and suspended players cannot be chosen; one already on the sheet can only be taken off.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { SheetBody, SheetLine, Sport, SquadPlayer } from '../../lib/league-client';
import {
  choicesOf,
  groupByPosition,
  sheetBody,
  sheetProblems,
  type Choice,
  type SheetProblem,
  type SheetRules,
} from './roster-data';
import { PlayerStatusMark } from './SquadList';

const CHOICES: Choice[] = ['starter', 'substitute', 'none'];

export interface SheetEditorProps {
  squad: SquadPlayer[];
  /** The sheet as saved (the editor starts from it). */
  sheet: SheetLine[];
  rules: SheetRules;
  positions: string[];
  sport: Sport;
  onSave: (body: SheetBody) => Promise<void>;
}

export function SheetEditor({ squad, sheet, rules, positions, sport, onSave }: SheetEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [choices, setChoices] = useState(() => choicesOf(sheet));
  const [saving, setSaving] = useState(false);
  const body = sheetBody(squad, choices);
  const problems = sheetProblems(squad, choices, rules);
  const choose = (playerId: number, choice: Choice) => setChoices((old) => new Map(old).set(playerId, choice));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length > 0 || saving) return;
    setSaving(true);
    void onSave(body).finally(() => setSaving(false));
  };

  const problemText = (problem: SheetProblem) => {
    switch (problem.kind) {
      case 'starters':
        return t('roster.sheet.problemStarters', { needed: problem.needed, chosen: problem.count });
      case 'substitutes':
        return t('roster.sheet.problemSubstitutes', { max: problem.max, chosen: problem.count });
      case 'unavailable':
        return t('roster.sheet.problemUnavailable', {
          name: problem.player.name,
          status: t(`roster.status.${problem.player.status}`),
        });
    }
  };

  return (
    <form
      className="sheet-editor"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      data-state={saving ? 'saving' : 'editing'}
    >
      <h3 id={`${id}-title`}>{t('roster.sheet.editTitle')}</h3>
      <p className="muted">{t('roster.sheet.rules', { starters: rules.starters, max: rules.subsMax })}</p>
      <p className="sheet-counters" role="status">
        <span data-part="starter-count" data-valid={body.starters.length === rules.starters}>
          {t('roster.sheet.starterCount', { chosen: body.starters.length, needed: rules.starters })}
        </span>
        <span data-part="substitute-count" data-valid={body.substitutes.length <= rules.subsMax}>
          {t('roster.sheet.substituteCount', { chosen: body.substitutes.length, max: rules.subsMax })}
        </span>
      </p>
      {groupByPosition(squad, positions).map(({ position, players }) => (
        <fieldset key={position} className="sheet-group">
          <legend>{t(`roster.positions.${sport}.${position}`, { defaultValue: position })}</legend>
          {players.map((player) => {
            const available = player.status === 'available';
            const current = choices.get(player.id) ?? 'none';
            const nameId = `${id}-player-${player.id}`;
            const reasonId = `${id}-reason-${player.id}`;
            return (
              <div
                key={player.id}
                className="sheet-row"
                role="radiogroup"
                aria-labelledby={nameId}
                aria-describedby={available ? undefined : reasonId}
                data-state={current}
              >
                <span id={nameId} className="sheet-player">
                  <span className="sheet-shirt" aria-hidden="true">
                    {player.shirt_number ?? '–'}
                  </span>
                  {player.name}
                </span>
                <span className="segmented">
                  {CHOICES.map((choice) => (
                    <label key={choice} className="segment" data-checked={current === choice}>
                      <input
                        type="radio"
                        name={`${id}-choice-${player.id}`}
                        value={choice}
                        checked={current === choice}
                        disabled={!available && choice !== 'none'}
                        onChange={() => choose(player.id, choice)}
                      />
                      <span>{t(`roster.sheet.choice.${choice}`)}</span>
                    </label>
                  ))}
                </span>
                {!available && (
                  <span id={reasonId} className="sheet-reason">
                    <PlayerStatusMark status={player.status} />
                    <span className="muted">{t('roster.sheet.unavailable')}</span>
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <div className="sheet-actions">
        {problems.length > 0 && (
          <ul id={`${id}-problems`} className="sheet-problems">
            {problems.map((problem) => (
              <li key={problem.kind === 'unavailable' ? `u${problem.player.id}` : problem.kind}>
                {problemText(problem)}
              </li>
            ))}
          </ul>
        )}
        <button
          type="submit"
          disabled={problems.length > 0 || saving}
          aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
        >
          {saving ? t('roster.sheet.saving') : t('roster.sheet.save')}
        </button>
      </div>
    </form>
  );
}
