/**
 * The security headers of every response (docs/decisions/0016): a Content-Security-Policy that
 * allows only what the app loads, a Permissions-Policy that grants this origin the browser
 * features the chat uses (location sharing, voice messages) and nobody else any, and
 * Cross-Origin-Opener-Policy. The chat service's origins come from configuration: with the local
 * sandbox everything is this origin; with the hosted service, its API and WebSocket origin and
 * the origins its uploads are served from (CHAT_UPLOAD_ORIGINS).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The hosted service's API (REST and WebSocket) when CHAT_BASE_URL is not set. */
const HOSTED_CHAT_URL = 'https://chat.stream-io-api.com';

export type SecurityConfig = Pick<Config, 'chatProvider' | 'chatBaseUrl' | 'chatUploadOrigins' | 'publicUrl'>;

/** The chat service's origins the page talks to: HTTP and its WebSocket twin; none for this origin. */
function chatOrigins(config: SecurityConfig): string[] {
  const url = config.chatBaseUrl ?? (config.chatProvider === 'stream' ? HOSTED_CHAT_URL : null);
  if (!url) return [];
  const { origin, protocol } = new URL(url);
  return [origin, origin.replace(protocol, protocol === 'https:' ? 'wss:' : 'ws:')];
}

export function contentSecurityPolicy(config: SecurityConfig): string {
  const chat = chatOrigins(config);
  const uploads = config.chatUploadOrigins;
  const publicOrigin = new URL(config.publicUrl).origin;
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // emoji-mart's picker puts its stylesheet into its shadow root at run time. Scripts stay
    // strict, so an injected style cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Members' pictures come from PUBLIC_URL (the address the chat service is given for them), and
    // a link preview shows the linked site's own picture, from anywhere on https.
    `img-src ${list("'self'", publicOrigin, 'data:', 'blob:', 'https:', ...uploads)}`,
    `media-src ${list("'self'", publicOrigin, 'blob:', ...uploads)}`,
    `connect-src ${list("'self'", ...chat)}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Location and the microphone for this origin only (the chat's location and voice messages). */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'microphone=(self)',
  'camera=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'display-capture=()',
].join(', ');

export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (_request, reply) => {
    // A route may set a stricter one of its own (the chat sandbox's served uploads do).
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
  });
}
