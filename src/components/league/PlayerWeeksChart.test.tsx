import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayerWeek, TeamRef } from '../../lib/league-client';
import { PlayerWeeksChart, summariseWeeks } from './PlayerWeeksChart';

const owls: TeamRef = {
  id: 3,
  name: 'Old Town Owls',
  short_name: 'OWL',
  colour_primary: '#333333',
  colour_secondary: '#eeeeee',
  crest_url: null,
};
const week = (n: number, minutes: number, goals = 0, assists = 0): PlayerWeek => ({
  week: n,
  fixture_id: 100 + n,
  opponent: owls,
  minutes,
  goals,
  assists,
  yellow_cards: 0,
  red_cards: 0,
});

const WEEKS = [week(1, 90, 2, 0), week(2, 45, 0, 1), week(3, 0), week(4, 90, 1, 1)];

const values = (container: HTMLElement, part: string) =>
  [...container.querySelectorAll(`[data-part="${part}"]`)].map((el) => ({
    value: Number(el.getAttribute('data-value')),
    height: Number(el.getAttribute('height')),
  }));

describe('PlayerWeeksChart', () => {
  it('draws a group per week with minutes scaled to the match length', () => {
    const { container } = render(<PlayerWeeksChart weeks={WEEKS} matchMinutes={90} />);
    expect([...container.querySelectorAll('[data-week]')].map((g) => g.getAttribute('data-week'))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    const minutes = values(container, 'minutes');
    expect(minutes.map((m) => m.value)).toEqual([90, 45, 0, 90]);
    expect(minutes[1]!.height).toBeCloseTo(minutes[0]!.height / 2);
    expect(minutes[2]!.height).toBe(0);
    expect(minutes[3]!.height).toBe(minutes[0]!.height);
    // Goals and assists: a bar for each week that has some, on one count scale.
    const goals = values(container, 'goals');
    expect(goals.map((g) => g.value)).toEqual([2, 1]);
    expect(goals[1]!.height).toBeCloseTo(goals[0]!.height / 2);
    expect(values(container, 'assists').map((a) => a.value)).toEqual([1, 1]);
    // Week numbers on the axis.
    const svg = screen.getByRole('img');
    expect([...svg.querySelectorAll('.weeks-chart-week')].map((t) => t.textContent)).toEqual(['1', '2', '3', '4']);
  });

  it('summarises the picture in words and lists the numbers for screen readers', () => {
    render(<PlayerWeeksChart weeks={WEEKS} matchMinutes={90} />);
    expect(screen.getByRole('img', { name: 'Weeks 1 to 4: 3 appearances, 3 goals, 2 assists' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Minutes, goals and assists by week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Old Town Owls', '45', '0', '1']);
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('2');
  });

  it('uses singular words and the match length of the sport', () => {
    const { container } = render(<PlayerWeeksChart weeks={[week(5, 48, 1, 0)]} matchMinutes={48} />);
    expect(screen.getByRole('img', { name: 'Week 5: 1 appearance, 1 goal, 0 assists' })).toBeTruthy();
    const [bar] = values(container, 'minutes');
    expect(bar!.height).toBe(72);
  });

  it('says when there are no played weeks yet', () => {
    render(<PlayerWeeksChart weeks={[]} matchMinutes={90} />);
    expect(screen.getByText('No played weeks yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(summariseWeeks([])).toBeNull();
  });
});
