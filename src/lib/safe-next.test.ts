import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeNext('/roster/7?tab=games')).toBe('/roster/7?tab=games');
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
  ])('falls back to the dashboard for %s', (next) => {
    expect(safeNext(next)).toBe('/dashboard');
  });
});
