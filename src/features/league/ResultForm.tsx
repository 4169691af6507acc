/**
 * Recording a fixture's score, for the commissioner (any fixture up to the current week, and
 * corrections) and the fixture's referee (once). The server decides; its reason is shown when it
 * refuses. A recorded result reloads the week and the table, and is posted to the league's chat.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf, recordResult, type FixtureSummary } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';

const MAX_SCORE = 99;

export function ResultForm({
  fixture,
  onDone,
  onCancel,
}: {
  fixture: FixtureSummary;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [home, setHome] = useState(String(fixture.home_score ?? ''));
  const [away, setAway] = useState(String(fixture.away_score ?? ''));
  const [saving, setSaving] = useState(false);
  const score = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : null);
  const homeScore = score(home);
  const awayScore = score(away);
  const valid = homeScore !== null && awayScore !== null && homeScore <= MAX_SCORE && awayScore <= MAX_SCORE;
  const id = `result-${fixture.id}`;

  const save = async () => {
    if (!valid) return;
    setSaving(true);
    try {
      await recordResult(fixture.id, { home_score: homeScore, away_score: awayScore });
      toast.success(
        t('league.resultSaved', { home: fixture.home.name, homeScore, away: fixture.away.name, awayScore }),
      );
      onDone();
    } catch (error) {
      toast.error(t('league.resultFailed', { reason: reasonOf(error) }));
      setSaving(false);
    }
  };

  return (
    <form
      className="result-form"
      aria-label={t('league.resultFor', { home: fixture.home.name, away: fixture.away.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        // Escape cancels, as it closes every other form that opens in place.
        if (event.key === 'Escape' && !saving) onCancel();
      }}
    >
      <ScoreInput id={`${id}-home`} team={fixture.home.name} value={home} onChange={setHome} autoFocus />
      <ScoreInput id={`${id}-away`} team={fixture.away.name} value={away} onChange={setAway} />
      <button type="submit" disabled={!valid || saving}>
        {t('league.saveResult')}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('league.cancel')}
      </button>
    </form>
  );
}

/** One team's goals: a whole number from 0 to MAX_SCORE, labelled with the team's name. */
function ScoreInput({
  id,
  team,
  value,
  onChange,
  autoFocus = false,
}: {
  id: string;
  team: string;
  value: string;
  onChange: (value: string) => void;
  /** The form opens with the cursor in its first score. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id}>{t('league.goalsOf', { team })}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_SCORE}
        required
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
