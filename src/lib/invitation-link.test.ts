import { describe, expect, it } from 'vitest';
import { invitationToken, joinPath } from './invitation-link';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';

describe('invitation link', () => {
  it('finds the token in a link, a path or on its own', () => {
    expect(TOKEN).toHaveLength(43);
    for (const input of [
      TOKEN,
      `  ${TOKEN}\n`,
      `https://sideline.example/join/${TOKEN}`,
      `https://sideline.example/join/${TOKEN}/`,
      `https://sideline.example/join/${TOKEN}?utm=chat#top`,
      `http://localhost:3000/join/${TOKEN}`,
      `/join/${TOKEN}`,
      `sideline.example/join/${TOKEN}`,
    ])
      expect(invitationToken(input), input).toBe(TOKEN);
  });

  it('finds none in anything else', () => {
    for (const input of [
      '',
      'hello',
      TOKEN.slice(1),
      `${TOKEN}x`,
      `https://sideline.example/league/${TOKEN}`,
      `https://sideline.example/join/${TOKEN}/extra`,
      `https://sideline.example/join/${TOKEN.replace('_', '%')}`,
    ])
      expect(invitationToken(input), input).toBeNull();
  });

  it('makes the join page’s path', () => {
    expect(joinPath(TOKEN)).toBe(`/join/${TOKEN}`);
  });
});
