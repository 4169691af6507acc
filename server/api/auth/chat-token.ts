/**
 * The chat token handed to the browser with `GET /api/auth/me`: an HS256 JWT whose `user_id` is
 * the user id as text, signed with the chat secret (the sandbox's or the hosted service's).
 */
import { createHmac } from 'node:crypto';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function createChatToken(userId: number | string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({ user_id: String(userId), iat, exp: iat + ttlSeconds });
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
