import { describe, expect, it } from 'vitest';
import { keyedBy, keyedByWith } from './memo';

describe('keyed selector results', () => {
  it('gives the same result for the same input and derives anew for a new one', () => {
    let runs = 0;
    const evens = keyedBy((numbers: number[]) => {
      runs++;
      return numbers.filter((n) => n % 2 === 0);
    });
    const input = [1, 2, 3, 4];
    expect(evens(input)).toBe(evens(input));
    expect(runs).toBe(1);
    const next = [...input, 6];
    expect(evens(next)).toEqual([2, 4, 6]);
    expect(evens(next)).not.toBe(evens(input));
    expect(runs).toBe(2);
  });

  it('keeps one result per second argument', () => {
    const byPrefix = keyedByWith((words: string[], prefix: string) => words.filter((w) => w.startsWith(prefix)));
    const words = ['goal', 'game', 'pitch'];
    expect(byPrefix(words, 'g')).toBe(byPrefix(words, 'g'));
    expect(byPrefix(words, 'p')).toEqual(['pitch']);
    expect(byPrefix(words, 'p')).not.toBe(byPrefix(words, 'g'));
  });
});
