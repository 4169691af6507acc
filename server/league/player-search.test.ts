import { describe, expect, it } from 'vitest';
import { editDistance, matchRank, prepareQuery, searchText, typoBudget } from './player-search.js';
import { randomSource } from '../db/seed/random.js';
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

  it('finds exactly the typos the distance allows, with its quick letter tests in front', () => {
    // Words from a small alphabet, so that near misses are common: the quick tests may only skip
    // words the distance would refuse too.
    const random = randomSource(11);
    const word = (length: number) => Array.from({ length }, () => 'abcdeist'[Math.floor(random() * 8)]).join('');
    const near = (token: string, w: string) => {
      const budget = typoBudget(token.length);
      if (budget === 0) return false;
      for (let end = Math.max(0, token.length - budget); end <= Math.min(w.length, token.length + budget); end++)
        if (editDistance(token, w.slice(0, end), budget) <= budget) return true;
      return false;
    };
    let typos = 0;
    for (let i = 0; i < 3000; i++) {
      const token = word(4 + Math.floor(random() * 5));
      // Half the names hold the token with up to three random edits, so typos of every size occur.
      let kin = token;
      for (let edits = Math.floor(random() * 4); edits > 0; edits--) {
        const at = Math.floor(random() * kin.length);
        const op = Math.floor(random() * 3);
        kin = kin.slice(0, at) + (op === 2 ? '' : word(1)) + kin.slice(op === 1 ? at : at + 1);
      }
      const other = word(3 + Math.floor(random() * 7));
      const name = random() < 0.5 ? `${other} ${kin}${word(Math.floor(random() * 3))}` : `${other} ${word(6)}`;
      const words = name.split(' ');
      const expected = words.some((w) => w.startsWith(token) || near(token, w));
      const rank = matchRank(prepareQuery(token)!, searchText(name));
      expect(rank !== null, `${token} in ${name}`).toBe(expected || name.includes(token));
      if (rank === 3) typos++;
    }
    expect(typos).toBeGreaterThan(300);
  });
});
