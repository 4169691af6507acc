/**
 * Chat token checks (server/chat-sandbox/jwt.ts, chat-protocol.md §1.6) and the product API's
 * token signer (server/api/auth/chat-token.ts), without a server: each refusal's code and message.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createChatToken } from '../../server/api/auth/chat-token.js';
import { ChatError } from '../../server/chat-sandbox/errors.js';
import { refuseRevoked, verifyToken, type TokenClaims } from '../../server/chat-sandbox/jwt.js';

const SECRET = 's'.repeat(40);
const NOW = 1_800_000_000;

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed by hand with HMAC-SHA256. */
function signed(payload: unknown, secret = SECRET, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${part(header)}.${typeof payload === 'string' ? payload : part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The ChatError a check refuses with (fails the test when it passes or throws something else). */
async function refusal(check: () => unknown): Promise<{ code: number; message: string; status: number }> {
  const error = await Promise.resolve()
    .then(check)
    .then(
      (claims) => new Error(`expected a refusal, got ${JSON.stringify(claims)}`),
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(ChatError);
  const { code, message, status } = error as ChatError;
  return { code, message, status };
}

describe('chat token verification', () => {
  it('accepts user and server tokens signed with the app secret and returns their claims', async () => {
    expect(await verifyToken(signed({ user_id: 'ann', iat: NOW - 10, exp: NOW + 60 }), SECRET, NOW)).toEqual({
      user_id: 'ann',
      iat: NOW - 10,
      exp: NOW + 60,
    });
    expect(await verifyToken(signed({ server: true }), SECRET, NOW)).toEqual({ server: true });
  });

  it('refuses a token signed with another secret (43)', async () => {
    expect(await refusal(() => verifyToken(signed({ user_id: 'ann' }, 'x'.repeat(40)), SECRET, NOW))).toEqual({
      code: 43,
      status: 401,
      message: 'JWTAuth error: signature is not valid. Make sure the token is created using the secret for this app',
    });
  });

  it('refuses an expired token (40), one not valid yet (41) and one issued in the future (42)', async () => {
    expect(await refusal(() => verifyToken(signed({ user_id: 'ann', exp: NOW - 1 }), SECRET, NOW))).toEqual({
      code: 40,
      status: 401,
      message: 'JWTAuth error: token is expired',
    });
    expect(await refusal(() => verifyToken(signed({ user_id: 'ann', nbf: NOW + 30 }), SECRET, NOW))).toMatchObject({
      code: 41,
      message: 'JWTAuth error: token is not valid yet',
    });
    expect(await refusal(() => verifyToken(signed({ user_id: 'ann', iat: NOW + 30 }), SECRET, NOW))).toMatchObject({
      code: 42,
      message: 'JWTAuth error: token used before issue at (iat)',
    });
    // A few seconds of an iat ahead are clock skew, and an exp still ahead is fine.
    expect(await verifyToken(signed({ user_id: 'ann', iat: NOW + 3, exp: NOW + 1 }), SECRET, NOW)).toMatchObject({
      user_id: 'ann',
    });
  });

  it.each([
    ['exp', '9999999999', 'number'],
    ['exp', null, 'number'],
    ['iat', 'yesterday', 'number'],
    ['iat', [NOW], 'number'],
    ['nbf', null, 'number'],
    ['nbf', { at: NOW }, 'number'],
    ['user_id', 7, 'string'],
    ['server', 'true', 'boolean'],
  ])('refuses a %s of %j as malformed (5)', async (claim, value, type) => {
    const token = signed({ user_id: 'ann', [claim]: value });
    expect(await refusal(() => verifyToken(token, SECRET, NOW))).toEqual({
      code: 5,
      status: 401,
      message: `JWTAuth error: token is malformed: claim ${claim} must be a ${type}`,
    });
  });

  it('refuses an exp that JSON overflows to infinity as malformed (5), not as "never expires"', async () => {
    const token = signed(Buffer.from('{"user_id":"ann","exp":1e999}').toString('base64url'));
    expect(await refusal(() => verifyToken(token, SECRET, NOW))).toMatchObject({
      code: 5,
      message: 'JWTAuth error: token is malformed: claim exp must be a number',
    });
  });

  it.each([
    ['not a JWT', 'not-a-jwt'],
    ['four parts', `${signed({ user_id: 'ann' })}.x`],
    ['an empty signature', `${signed({ user_id: 'ann' }).split('.').slice(0, 2).join('.')}.`],
    ['a header that is not JSON', `${Buffer.from('{alg').toString('base64url')}.${part({ user_id: 'ann' })}.c2ln`],
    ['a payload that is not JSON', signed(Buffer.from('{"user_id":').toString('base64url'))],
    ['a payload that is a list', signed(['ann'])],
    ['another algorithm', signed({ user_id: 'ann' }, SECRET, { alg: 'HS512', typ: 'JWT' })],
    ['no algorithm', `${part({ alg: 'none' })}.${part({ user_id: 'ann' })}.c2ln`],
  ])('refuses a token with %s as malformed (5)', async (_label, token) => {
    expect(await refusal(() => verifyToken(token, SECRET, NOW))).toEqual({
      code: 5,
      status: 401,
      message: 'JWTAuth error: token is malformed',
    });
  });
});

describe('token revocation', () => {
  const revokedAt = new Date(NOW * 1000).toISOString();
  const check = (claims: TokenClaims, before: string | undefined) => () => refuseRevoked(claims, before);

  it('refuses a token issued before the revocation, or without iat, with code 40', async () => {
    for (const claims of [{ user_id: 'ann', iat: NOW - 1 }, { user_id: 'ann' }]) {
      expect(await refusal(check(claims, revokedAt))).toEqual({
        code: 40,
        status: 401,
        message: 'JWTAuth error: token has been revoked',
      });
    }
  });

  it('lets a token issued at or after the revocation through, and any token when nothing was revoked', () => {
    expect(check({ user_id: 'ann', iat: NOW }, revokedAt)).not.toThrow();
    expect(check({ user_id: 'ann', iat: NOW + 5 }, revokedAt)).not.toThrow();
    expect(check({ user_id: 'ann' }, undefined)).not.toThrow();
  });
});

describe('chat token signing', () => {
  it('signs {user_id, iat, exp} with HS256, exactly as a hand-made JWT, and the sandbox accepts it', async () => {
    const now = NOW * 1000 + 400;
    const token = createChatToken(42, SECRET, 3600, now);
    expect(token).toBe(signed({ user_id: '42', iat: NOW, exp: NOW + 3600 }));
    expect(await verifyToken(token, SECRET, NOW + 1)).toEqual({ user_id: '42', iat: NOW, exp: NOW + 3600 });
    expect((await refusal(() => verifyToken(token, SECRET, NOW + 3601))).code).toBe(40);
  });

  it('refuses to sign with an empty secret', () => {
    expect(() => createChatToken('ann', '', 60)).toThrow(/secret/i);
  });
});
