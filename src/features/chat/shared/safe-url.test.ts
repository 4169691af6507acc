import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeUrl('https://league.example/a.png')).toBe('https://league.example/a.png');
    expect(safeUrl('http://localhost:3000/chat/uploads/x.png')).toBe('http://localhost:3000/chat/uploads/x.png');
  });
  it('drops scripts, data, relative and non-string values', () => {
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/uploads/a.png', '', 7, null, undefined])
      expect(safeUrl(value)).toBeNull();
  });
  it('keeps blob: only when asked to', () => {
    expect(safeUrl('blob:http://localhost/123')).toBeNull();
    expect(safeUrl('blob:http://localhost/123', { allowBlob: true })).toBe('blob:http://localhost/123');
  });
});
