/**
 * The browser's copy of the league rules (src/lib/league-rules.ts, which may not import server
 * code) says what the server's own modules say: each sport's defaults, the tie-break criteria and
 * presets, the points bound. A change on either side without the other fails here.
 */
import { describe, expect, it } from 'vitest';
import { POINTS_MAX as SERVER_POINTS_MAX } from '../../server/api/league/setup-rules.js';
import { SPORTS as SERVER_SPORTS } from '../../server/league/sports.js';
import {
  TIE_BREAK_CRITERIA as SERVER_CRITERIA,
  TIE_BREAK_PRESETS as SERVER_PRESETS,
} from '../../server/league/tie-break-rules.js';
import {
  POINTS_MAX,
  SPORT_DEFAULTS,
  SPORTS,
  TIE_BREAK_CRITERIA,
  TIE_BREAK_PRESETS,
} from '../../src/lib/league-rules.js';

describe('the browser’s league rules', () => {
  it('name every sport with the server’s defaults', () => {
    expect(SPORTS).toEqual(Object.keys(SERVER_SPORTS));
    for (const [sport, rules] of Object.entries(SERVER_SPORTS))
      expect(SPORT_DEFAULTS[sport as keyof typeof SPORT_DEFAULTS], sport).toEqual({
        points: rules.points,
        squad: rules.squad,
        sheet: { starters: rules.sheet.starters, substitutes_max: rules.sheet.substitutesMax },
      });
  });

  it('pin the football defaults the issue and the form show (3/1/0, squads 14–22, 11 + 5)', () => {
    expect(SPORT_DEFAULTS.football).toEqual({
      points: { win: 3, draw: 1, loss: 0 },
      squad: { min: 14, max: 22 },
      sheet: { starters: 11, substitutes_max: 5 },
    });
  });

  it('offer the server’s tie-break criteria and presets, and its points bound', () => {
    expect(TIE_BREAK_CRITERIA).toEqual(SERVER_CRITERIA);
    expect(TIE_BREAK_PRESETS).toEqual(SERVER_PRESETS);
    expect(POINTS_MAX).toBe(SERVER_POINTS_MAX);
  });
});
