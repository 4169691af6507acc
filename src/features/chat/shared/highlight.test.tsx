/**
 * Marking the words a search found (issue #27 item 7): the same matching as the search (word
 * starts, case and accents aside), several matches, overlapping query words, characters outside
 * the basic plane, and marks built from text — markup in a message stays text.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted } from './Highlighted';
import { foldText, matchRanges, queryWords, splitByRanges } from './highlight';

/** The marked parts of `text` for `query`. */
const marked = (text: string, query: string) =>
  matchRanges(text, query).map(({ start, end }) => text.slice(start, end));

describe('matchRanges', () => {
  it('marks the part of a word a query word starts, case aside, never inside a word', () => {
    expect(marked('Harbour training moved to the harbour', 'harb')).toEqual(['Harb', 'harb']);
    expect(marked('Training at the harbour', 'RAIN')).toEqual([]);
    expect(marked('goalkeeper gloves', 'goal')).toEqual(['goal']);
    expect(marked('anything', '')).toEqual([]);
    expect(marked('anything', ' , ')).toEqual([]);
    expect(marked('', 'x')).toEqual([]);
  });

  it('marks every word of the query, wherever each is found', () => {
    expect(marked('Bring bibs, and bring the cones!', 'bring cones')).toEqual(['Bring', 'bring', 'cones']);
    expect(matchRanges('kick off at ten', 'ten kick')).toEqual([
      { start: 0, end: 4 },
      { start: 12, end: 15 },
    ]);
  });

  it('takes the longest of overlapping query words, so marks never overlap', () => {
    expect(marked('football foot', 'foo football foot')).toEqual(['football', 'foot']);
    const ranges = matchRanges('football', 'f fo foot');
    expect(ranges).toEqual([{ start: 0, end: 4 }]);
  });

  it('ignores accents both ways, as the search does, and marks the text as written', () => {
    expect(marked('José scored, Jose assisted', 'jose')).toEqual(['José', 'Jose']);
    expect(marked('Müller and Muller', 'MÜL')).toEqual(['Mül', 'Mul']);
    // Written with a combining accent (two code points): the accent is marked with its letter.
    const decomposed = 'Jose\u0301 scored';
    expect(marked(decomposed, 'jose')).toEqual(['Jose\u0301']);
    expect(marked('Ünlü takım', 'unlu')).toEqual(['Ünlü']);
    expect(foldText('Ça Va')).toBe('ca va');
  });

  it('counts positions in the text itself, past characters outside the basic plane', () => {
    const text = '⚽🥅 Goal! 🎉 goal';
    expect(marked(text, 'goal')).toEqual(['Goal', 'goal']);
    expect(marked('日本代表 練習', '練習')).toEqual(['練習']);
  });

  it('reads the query as the search does: words of letters and digits', () => {
    expect(queryWords('  U-12 team,team ')).toEqual(['team', '12', 'u']);
  });
});

describe('splitByRanges', () => {
  it('cuts the text into plain and marked pieces that join back into it', () => {
    const text = 'Kick-off at 10:30';
    const pieces = splitByRanges(text, matchRanges(text, 'kick 10'));
    expect(pieces).toEqual([
      { text: 'Kick', marked: true },
      { text: '-off at ', marked: false },
      { text: '10', marked: true },
      { text: ':30', marked: false },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(splitByRanges('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});

describe('Highlighted', () => {
  it('puts each match in a <mark> and the rest as text', () => {
    const { container } = render(<Highlighted text="Bring the bibs and bring cones" query="bring" />);
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Bring', 'bring']);
    expect(container.textContent).toBe('Bring the bibs and bring cones');
  });

  it('shows markup in the text as typed: only its own marks are elements', () => {
    const text = '<b>bold</b> <img src=x onerror=alert(1)> bold &amp;';
    const { container } = render(<Highlighted text={text} query="bold" />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect([...container.children].map((el) => el.tagName)).toEqual(['MARK', 'MARK']);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['bold', 'bold']);
  });

  it('renders the text alone when nothing matches', () => {
    const { container } = render(<Highlighted text="No match here" query="zzz" />);
    expect(container.innerHTML).toBe('No match here');
  });
});
