/**
 * HS256 token checks as the hosted service does them (chat-protocol.md §1.6): code 5 malformed
 * (also a claim of the wrong type: a string or null `exp` never means "never expires"), 43 bad
 * signature, 40 expired or revoked, 41 not valid yet, 42 issued in the future.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ChatError } from './errors.js';

export interface TokenClaims {
  user_id?: string;
  server?: boolean;
  exp?: number;
  iat?: number;
  nbf?: number;
}

const fail = (code: number, message: string) => new ChatError(code, message, 401);

/** The claims' types as the hosted service reads them; anything else is a malformed token. */
const CLAIM_TYPES: Record<keyof TokenClaims, 'number' | 'string' | 'boolean'> = {
  user_id: 'string',
  server: 'boolean',
  exp: 'number',
  iat: 'number',
  nbf: 'number',
};

function checkClaimTypes(claims: Record<string, unknown>): void {
  for (const [claim, type] of Object.entries(CLAIM_TYPES)) {
    if (!(claim in claims)) continue;
    const value = claims[claim];
    const fits = typeof value === type && (type !== 'number' || Number.isFinite(value));
    if (!fits) throw fail(5, `JWTAuth error: token is malformed: claim ${claim} must be a ${type}`);
  }
}

/**
 * Refuses a token issued before the user's (or the app's) `revoke_tokens_issued_before`, as the
 * hosted service does after `revokeUserToken`: code 40, so a client with a token provider asks
 * for a new one. A token without `iat` cannot show it is newer, so it counts as revoked.
 */
export function refuseRevoked(claims: TokenClaims, revokedBefore: string | undefined): void {
  if (!revokedBefore) return;
  const before = Date.parse(revokedBefore);
  if (claims.iat === undefined || claims.iat * 1000 < before) throw fail(40, 'JWTAuth error: token has been revoked');
}

function decodePart(part: string): unknown {
  // Tokens may be base64url (jsonwebtoken) or padded base64 (dev tokens).
  const normal = part.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(Buffer.from(normal, 'base64').toString('utf8'));
}

export function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p === '')) throw fail(5, 'JWTAuth error: token is malformed');
  const [header, payload, signature] = parts as [string, string, string];
  let claims: TokenClaims;
  try {
    const head = decodePart(header) as { alg?: string };
    if (head.alg !== 'HS256') throw new Error('alg');
    claims = decodePart(payload) as TokenClaims;
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('payload');
  } catch {
    throw fail(5, 'JWTAuth error: token is malformed');
  }
  checkClaimTypes(claims as Record<string, unknown>);
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail(
      43,
      'JWTAuth error: signature is not valid. Make sure the token is created using the secret for this app',
    );
  }
  if (typeof claims.exp === 'number' && claims.exp < nowSeconds) throw fail(40, 'JWTAuth error: token is expired');
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds + 1)
    throw fail(41, 'JWTAuth error: token is not valid yet');
  if (typeof claims.iat === 'number' && claims.iat > nowSeconds + 5) {
    throw fail(42, 'JWTAuth error: token used before issue at (iat)');
  }
  return claims;
}
