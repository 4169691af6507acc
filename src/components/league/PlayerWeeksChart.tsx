/**
 * A player's season week by week, drawn as an inline SVG (no chart library): one group per played
 * week of the player's team, with a bar for the minutes played (scaled to the match length) and,
 * below it on a count scale, a bar each for goals and assists with their numbers. The picture is
 * one `role="img"` with a summary in words; the numbers are also in a visually hidden table.
 */
import { useTranslation } from '../../i18n/use-translation';
import type { PlayerWeek } from '../../lib/league-client';
import './player-card.css';

const GROUP = 36;
const LEFT = 30;
const RIGHT = 6;
const TOP = 8;
const MINUTES_H = 72;
const GAP = 14;
const COUNT_H = 48;
const AXIS = 18;
const BAR = 20;
const SMALL = 9;

export interface WeeksSummary {
  from: number;
  to: number;
  appearances: number;
  goals: number;
  assists: number;
}

/** What the weeks add up to: the weeks covered, and how often the player played and scored. */
export function summariseWeeks(weeks: PlayerWeek[]): WeeksSummary | null {
  if (weeks.length === 0) return null;
  return {
    from: weeks[0]!.week,
    to: weeks[weeks.length - 1]!.week,
    appearances: weeks.filter((w) => w.minutes > 0).length,
    goals: weeks.reduce((sum, w) => sum + w.goals, 0),
    assists: weeks.reduce((sum, w) => sum + w.assists, 0),
  };
}

export function PlayerWeeksChart({ weeks, matchMinutes }: { weeks: PlayerWeek[]; matchMinutes: number }) {
  const { t } = useTranslation();
  const summary = summariseWeeks(weeks);
  if (!summary) return <p className="muted">{t('playerCard.chart.empty')}</p>;

  const fullTime = Math.max(1, matchMinutes, ...weeks.map((w) => w.minutes));
  const maxCount = Math.max(1, ...weeks.map((w) => Math.max(w.goals, w.assists)));
  const width = LEFT + weeks.length * GROUP + RIGHT;
  const minutesBase = TOP + MINUTES_H;
  const countTop = minutesBase + GAP;
  const countBase = countTop + COUNT_H;
  const height = countBase + AXIS;
  const minutesH = (minutes: number) => (Math.min(minutes, fullTime) / fullTime) * MINUTES_H;
  const countH = (count: number) => (count / maxCount) * (COUNT_H - 10);
  const parts = {
    appearances: t('playerCard.chart.appearances', { count: summary.appearances }),
    goals: t('playerCard.chart.goals', { count: summary.goals }),
    assists: t('playerCard.chart.assists', { count: summary.assists }),
  };
  const label =
    summary.from === summary.to
      ? t('playerCard.chart.summaryOne', { week: summary.from, ...parts })
      : t('playerCard.chart.summary', { from: summary.from, to: summary.to, ...parts });

  return (
    <figure className="weeks-chart">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        style={{ maxWidth: `${width * 1.6}px` }}
        className="weeks-chart-svg"
        data-part="chart"
      >
        <g aria-hidden="true" className="weeks-chart-axes">
          <line x1={LEFT} x2={width - RIGHT} y1={TOP} y2={TOP} className="weeks-chart-grid" />
          <line x1={LEFT} x2={width - RIGHT} y1={minutesBase} y2={minutesBase} className="weeks-chart-axis" />
          <line x1={LEFT} x2={width - RIGHT} y1={countBase} y2={countBase} className="weeks-chart-axis" />
          <text x={LEFT - 4} y={TOP + 4} textAnchor="end" className="weeks-chart-tick">
            {fullTime}′
          </text>
          <text x={LEFT - 4} y={minutesBase} textAnchor="end" className="weeks-chart-tick">
            0
          </text>
          <text x={LEFT - 4} y={countTop + 14} textAnchor="end" className="weeks-chart-tick">
            {maxCount}
          </text>
          <text x={LEFT - 4} y={countBase} textAnchor="end" className="weeks-chart-tick">
            0
          </text>
        </g>
        {weeks.map((w, i) => {
          const x = LEFT + i * GROUP + (GROUP - BAR) / 2;
          const mh = minutesH(w.minutes);
          const gh = countH(w.goals);
          const ah = countH(w.assists);
          return (
            <g key={`${w.week}:${w.fixture_id}`} data-week={w.week} aria-hidden="true">
              <rect
                data-part="minutes"
                data-value={w.minutes}
                className="weeks-chart-minutes"
                x={x}
                y={minutesBase - mh}
                width={BAR}
                height={mh}
              />
              {w.goals > 0 && (
                <>
                  <rect
                    data-part="goals"
                    data-value={w.goals}
                    className="weeks-chart-goals"
                    x={x}
                    y={countBase - gh}
                    width={SMALL}
                    height={gh}
                  />
                  <text x={x + SMALL / 2} y={countBase - gh - 2} textAnchor="middle" className="weeks-chart-count">
                    {w.goals}
                  </text>
                </>
              )}
              {w.assists > 0 && (
                <>
                  <rect
                    data-part="assists"
                    data-value={w.assists}
                    className="weeks-chart-assists"
                    x={x + BAR - SMALL}
                    y={countBase - ah}
                    width={SMALL}
                    height={ah}
                  />
                  <text
                    x={x + BAR - SMALL / 2}
                    y={countBase - ah - 2}
                    textAnchor="middle"
                    className="weeks-chart-count"
                  >
                    {w.assists}
                  </text>
                </>
              )}
              <text x={x + BAR / 2} y={height - 4} textAnchor="middle" className="weeks-chart-week">
                {w.week}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="weeks-chart-legend" aria-hidden="true">
        <span>
          <span className="weeks-chart-swatch weeks-chart-minutes" /> {t('playerCard.chart.minutesLegend')}
        </span>
        <span>
          <span className="weeks-chart-swatch weeks-chart-goals" /> {t('playerCard.goals')}
        </span>
        <span>
          <span className="weeks-chart-swatch weeks-chart-assists" /> {t('playerCard.assists')}
        </span>
        <span className="muted">{t('playerCard.chart.axis')}</span>
      </figcaption>
      {/* The wrapper hides the table: a table grows to fit its cells whatever width it is given. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('playerCard.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('playerCard.chart.week')}</th>
              <th scope="col">{t('playerCard.chart.opponent')}</th>
              <th scope="col">{t('playerCard.minutes')}</th>
              <th scope="col">{t('playerCard.goals')}</th>
              <th scope="col">{t('playerCard.assists')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={`${w.week}:${w.fixture_id}`}>
                <th scope="row">{w.week}</th>
                <td>{w.opponent.name}</td>
                <td>{w.minutes}</td>
                <td>{w.goals}</td>
                <td>{w.assists}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
