/**
 * HS256 token checks as the hosted service does them (chat-protocol.md §1.6): code 5 malformed
 * (also a claim of the wrong type: a string or null `exp` never means "never expires"), 43 bad
 * signature, 40 expired or revoked, 41 not valid yet, 42 issued in the future. `jsonwebtoken`
 * checks the signature and algorithm, the types of `exp` and `nbf`, and both against the clock;
 * this file maps its refusals onto the service's codes and adds what it does not check (`iat`'s
 * type and future, the service's own claims). jsonwebtoken rather than jose: jose picks its
 * WebCrypto build wherever a DOM is present (the component tests run the server beside jsdom),
 * while this one is Node's crypto everywhere, and it signs the tokens too (api/auth/chat-token.ts).
 */
import jsonwebtoken from 'jsonwebtoken';
import { ChatError } from './errors.js';

export interface TokenClaims {
  user_id?: string;
  server?: boolean;
  exp?: number;
  iat?: number;
  nbf?: number;
}

const fail = (code: number, message: string) => new ChatError(code, message, 401);
const MALFORMED = 'JWTAuth error: token is malformed';
const malformedClaim = (claim: string, type: string) => fail(5, `${MALFORMED}: claim ${claim} must be a ${type}`);

/** The service's own claims (jose types only the registered ones). */
const OWN_CLAIMS = { user_id: 'string', server: 'boolean' } as const;
/** Seconds an `iat` may lie ahead of the clock. */
const IAT_LEEWAY = 5;

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

type Payload = Record<string, unknown>;

/** A jsonwebtoken refusal as the hosted service words it. */
function refusal(error: unknown): unknown {
  if (error instanceof jsonwebtoken.TokenExpiredError) return fail(40, 'JWTAuth error: token is expired');
  if (error instanceof jsonwebtoken.NotBeforeError) return fail(41, 'JWTAuth error: token is not valid yet');
  if (error instanceof jsonwebtoken.JsonWebTokenError) {
    if (error.message === 'invalid signature') {
      return fail(
        43,
        'JWTAuth error: signature is not valid. Make sure the token is created using the secret for this app',
      );
    }
    const claim = /^invalid (exp|nbf) value$/.exec(error.message)?.[1];
    if (claim) return malformedClaim(claim, 'number');
    // Anything else: not three parts, unreadable header or payload, another algorithm.
    return fail(5, MALFORMED);
  }
  // A payload that is not JSON at all.
  if (error instanceof SyntaxError) return fail(5, MALFORMED);
  return error;
}

/** What jsonwebtoken leaves to us: the service's own claims, `iat`'s type, numbers JSON overflowed (`1e999`). */
function ownClaims(payload: Payload): TokenClaims {
  for (const [claim, type] of Object.entries(OWN_CLAIMS)) {
    if (claim in payload && typeof payload[claim] !== type) throw malformedClaim(claim, type);
  }
  for (const claim of ['exp', 'iat', 'nbf'] as const) {
    if (claim in payload && !Number.isFinite(payload[claim])) throw malformedClaim(claim, 'number');
  }
  return payload;
}

export async function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): Promise<TokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p === '')) throw fail(5, MALFORMED);
  let payload: Payload;
  try {
    const decoded = jsonwebtoken.verify(token, secret, { algorithms: ['HS256'], clockTimestamp: nowSeconds });
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw fail(5, MALFORMED);
    payload = decoded;
  } catch (error) {
    throw refusal(error);
  }
  const claims = ownClaims(payload);
  if (claims.iat !== undefined && claims.iat > nowSeconds + IAT_LEEWAY) {
    throw fail(42, 'JWTAuth error: token used before issue at (iat)');
  }
  return claims;
}
