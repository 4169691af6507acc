/** Registration, sign-in, the current user (with the chat token) and sign-out. */
import type { FastifyInstance } from 'fastify';
import { normaliseEmail } from '../../../shared/email-policy.js';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { HttpError, errorBodySchema } from '../../http/errors.js';
import { emailFieldSchema, requireEmail, requireText, textFieldSchema } from '../../http/text-input.js';
import { endSession, requireUserId, startSession } from '../sessions/session-plugin.js';
import { LANGUAGES, toUserView, userViewSchema } from '../users/user-view.js';
import type { UserRepo } from '../users/user-repo.js';
import { createChatToken } from './chat-token.js';
import type { LoginThrottle, RegisterThrottle } from './login-throttle.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';

export interface AuthRoutesOptions {
  users: UserRepo;
  throttle: LoginThrottle;
  registerThrottle: RegisterThrottle;
  chatSecret: string;
  chatTokenTtlSeconds: number;
  /** Called after a user is created (the chat module mirrors users into the chat service). */
  onUserCreated?: (userId: number) => Promise<void>;
  /** Called after a successful sign-in (the chat module re-syncs the member, healing a failed sync). */
  onSignedIn?: (userId: number) => Promise<void>;
  /** Called after sign-out (the chat module revokes the member's chat tokens). */
  onSignedOut?: (userId: number) => Promise<void>;
}

const WRONG_CREDENTIALS = 'Incorrect email or password';

const tooMany = (message: string, wait: number) => new HttpError(429, message, { 'Retry-After': String(wait) });

// Not white space, @, a control or a bidirectional control (Ajv compiles patterns with the u flag).
const ADDRESS_PART = '[^\\s@\\p{Cc}\\u202A-\\u202E\\u2066-\\u2069]+';
/**
 * An address to sign in with: a shape check only (no white space, control or bidirectional
 * characters, so no two spellings of one address differ by more than case and normalisation);
 * the account is looked up by its normal form (UserRepo). A new address is checked by the
 * email policy instead (registerEmailSchema, requireEmail).
 */
export const emailSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: `^${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}$`,
} as const;
/** Type and bounds only: the text and email policies (server/http/text-input.ts) do the rest. */
export const nameSchema = textFieldSchema(TEXT_RULES.memberName);
const registerEmailSchema = emailFieldSchema;
const passwordSchema = { type: 'string', minLength: 8, maxLength: 128 } as const;

const meSchema = {
  ...userViewSchema,
  required: [...userViewSchema.required, 'token'],
  properties: { ...userViewSchema.properties, token: { type: 'string' } },
} as const;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

interface RegisterBody {
  email: string;
  name: string;
  password: string;
  language?: string | null;
}
interface LoginBody {
  email: string;
  password: string;
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { users, throttle } = options;
  const me = (user: NonNullable<Awaited<ReturnType<UserRepo['findById']>>>) => ({
    ...toUserView(user),
    token: createChatToken(user.id, options.chatSecret, options.chatTokenTtlSeconds),
  });

  app.post<{ Body: RegisterBody }>(
    '/auth/register',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'name', 'password'],
          properties: {
            email: registerEmailSchema,
            name: nameSchema,
            password: passwordSchema,
            language: { anyOf: [{ type: 'string', enum: LANGUAGES }, { type: 'null' }] },
          },
        },
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Refused input is not an attempt: it changes nothing, the throttle included.
      const name = requireText(request.body.name, 'body/name', TEXT_RULES.memberName);
      const email = requireEmail(request.body.email, 'body/email');
      // Every attempt counts, also one refused as taken, so the limit also slows down probing
      // which emails have an account.
      const wait = await options.registerThrottle.retryAfterSeconds(request.ip);
      if (wait > 0) throw tooMany(`Too many registrations from your network; try again in ${wait} seconds`, wait);
      await options.registerThrottle.record(request.ip);
      const { password, language } = request.body;
      const user = await users.create({
        email,
        name,
        passwordHash: await hashPassword(password),
        language,
      });
      if (!user) throw new HttpError(409, 'An account with this email already exists; sign in instead');
      await options.onUserCreated?.(user.id);
      await startSession(request, reply, user.id);
      return reply.code(201).send(me(user));
    },
  );

  app.post<{ Body: LoginBody }>(
    '/auth/login',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          properties: { email: emailSchema, password: { type: 'string', minLength: 1, maxLength: 128 } },
        },
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const wait = await throttle.retryAfterSeconds(email, request.ip);
      if (wait > 0) throw tooMany(`Too many failed sign-ins; try again in ${wait} seconds`, wait);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(request.body.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) {
        await throttle.recordFailure(email, request.ip);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      await throttle.clear(email, request.ip);
      await startSession(request, reply, user.id);
      await options.onSignedIn?.(user.id);
      return me(user);
    },
  );

  app.get('/auth/me', { schema: { response: { 200: meSchema, 401: errorBodySchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await users.findById(requireUserId(request));
    if (!user) throw new HttpError(401, 'You are not signed in');
    return me(user);
  });

  app.post('/auth/logout', { schema: { response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    const userId = request.session?.row.user_id ?? null;
    await endSession(request, reply);
    if (userId !== null) await options.onSignedOut?.(userId);
    return reply.code(204).send();
  });
}
