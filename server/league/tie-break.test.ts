import { describe, expect, it } from 'vitest';
import { TIE_BREAK } from './standings.js';
import {
  DEFAULT_TIE_BREAK,
  parseTieBreakRules,
  TIE_BREAK_CRITERIA,
  TIE_BREAK_PRESETS,
  tieBreakInUse,
  tieBreakOrder,
} from './tie-break.js';

describe('tie-break presets', () => {
  it('pins the criteria each preset applies, in order', () => {
    expect(TIE_BREAK_PRESETS).toEqual({
      goal_difference_first: ['points', 'goal_difference', 'goals_for', 'won'],
      head_to_head_first: ['points', 'head_to_head', 'goal_difference', 'goals_for', 'won'],
    });
    expect(TIE_BREAK_CRITERIA).toEqual(['points', 'goal_difference', 'goals_for', 'won', 'head_to_head']);
  });

  it('keeps the stated order the API has always shown for the default rule set', () => {
    expect(DEFAULT_TIE_BREAK).toEqual({ preset: 'goal_difference_first' });
    expect(tieBreakOrder(DEFAULT_TIE_BREAK)).toEqual([...TIE_BREAK]);
    expect(tieBreakOrder({ criteria: ['points', 'head_to_head'] })).toEqual(['points', 'head_to_head', 'name']);
  });

  it('states the rule in use: the preset by name, a custom list without one', () => {
    expect(tieBreakInUse({ preset: 'head_to_head_first' })).toEqual({
      preset: 'head_to_head_first',
      criteria: ['points', 'head_to_head', 'goal_difference', 'goals_for', 'won'],
    });
    expect(tieBreakInUse({ criteria: ['points', 'won'] })).toEqual({ preset: null, criteria: ['points', 'won'] });
  });
});

describe('parseTieBreakRules', () => {
  it('accepts a preset or a list of criteria starting with points', () => {
    expect(parseTieBreakRules({ preset: 'head_to_head_first' })).toEqual({
      ok: true,
      rules: { preset: 'head_to_head_first' },
    });
    expect(parseTieBreakRules({ criteria: ['points', 'goal_difference', 'head_to_head'] })).toEqual({
      ok: true,
      rules: { criteria: ['points', 'goal_difference', 'head_to_head'] },
    });
  });

  it.each([
    [null, 'tie_break must be an object with either preset or criteria'],
    [['points'], 'tie_break must be an object with either preset or criteria'],
    [{}, 'tie_break must have exactly one of preset or criteria'],
    [
      { preset: 'goal_difference_first', criteria: ['points'] },
      'tie_break must have exactly one of preset or criteria',
    ],
    [{ order: ['points'] }, 'tie_break must have exactly one of preset or criteria'],
    [{ preset: 'uefa' }, 'tie_break.preset must be one of goal_difference_first, head_to_head_first'],
    [{ criteria: [] }, 'tie_break.criteria must be a non-empty list of criteria'],
    [{ criteria: 'points' }, 'tie_break.criteria must be a non-empty list of criteria'],
    [
      { criteria: ['points', 'away_goals'] },
      'tie_break.criteria[1] must be one of points, goal_difference, goals_for, won, head_to_head',
    ],
    [{ criteria: ['points', 'won', 'won'] }, 'tie_break.criteria[2] repeats won; name each criterion once'],
    [{ criteria: ['goal_difference', 'points'] }, 'tie_break.criteria must start with points'],
  ])('refuses %j: %s', (input, message) => {
    expect(parseTieBreakRules(input)).toEqual({ ok: false, message });
  });

  it('names the field it was given', () => {
    expect(parseTieBreakRules({ preset: 'x' }, 'body/tie_break')).toEqual({
      ok: false,
      message: 'body/tie_break.preset must be one of goal_difference_first, head_to_head_first',
    });
  });
});
