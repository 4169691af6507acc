import { describe, expect, it } from 'vitest';
import { editDistance, matchRank, prepareQuery } from './player-search.js';
import { searchName } from './sports.js';

const rank = (q: string, name: string) => matchRank(prepareQuery(q)!, searchName(name));

describe('player search', () => {
  it('ranks name prefix, word prefixes, substring and typos in that order', () => {
    expect(rank('jam', 'Jamie Lee')).toBe(0);
    expect(rank('lee ja', 'Jamie Lee')).toBe(1);
    expect(rank('mie', 'Jamie Lee')).toBe(2);
    expect(rank('jamei', 'Jamie Lee')).toBe(3);
    expect(rank('jamei lee', 'Jamie Lee')).toBe(3);
    expect(rank('xavier', 'Jamie Lee')).toBeNull();
  });

  it('allows one typo for 4–6 letters, two for longer words, none for short ones', () => {
    expect(rank('plyer', 'Player One')).toBe(3);
    expect(rank('plaeyr', 'Player One')).toBe(3);
    expect(rank('pxxyer', 'Player One')).toBeNull();
    expect(rank('levenstien', 'Ada Levenshtein')).toBe(3);
    expect(rank('lxvxnshtein', 'Ada Levenshtein')).toBe(3);
    expect(rank('lxvxnxhtein', 'Ada Levenshtein')).toBeNull();
    expect(rank('adx', 'Ada Levenshtein')).toBeNull();
  });

  it('compares without case and diacritics', () => {
    expect(rank('ZOE', 'Zoë Ångström')).toBe(0);
    expect(rank('angstrom', 'Zoë Ångström')).toBe(1);
    expect(rank('  Ångström  ', 'zoe angstrom')).toBe(1);
    expect(prepareQuery('   ')).toBeNull();
  });

  it('counts a swap of neighbours as one edit and stops past the budget', () => {
    expect(editDistance('agnet', 'agent', 1)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
