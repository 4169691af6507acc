/**
 * HS256 token checks as the hosted service does them (chat-protocol.md §1.6): code 5 malformed,
 * 43 bad signature, 40 expired, 41 not valid yet, 42 issued in the future.
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
    if (!claims || typeof claims !== 'object') throw new Error('payload');
  } catch {
    throw fail(5, 'JWTAuth error: token is malformed');
  }
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
