/**
 * The chat token handed to the browser with `GET /api/auth/me`: an HS256 JWT whose `user_id` is
 * the user id as text, signed with the chat secret (the sandbox's or the hosted service's) by
 * `jsonwebtoken`, the library the service's own server-side client signs its user tokens with.
 */
import jwt from 'jsonwebtoken';

export function createChatToken(userId: number | string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  return jwt.sign({ user_id: String(userId), iat, exp: iat + ttlSeconds }, secret, { algorithm: 'HS256' });
}
