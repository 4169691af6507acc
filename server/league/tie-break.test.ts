import { describe, expect, it } from 'vitest';
import { TIE_BREAK } from './standings.js';
import { DEFAULT_TIE_BREAK, TIE_BREAK_CRITERIA, TIE_BREAK_PRESETS, tieBreakInUse, tieBreakOrder } from './tie-break.js';

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
