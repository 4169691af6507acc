/** Registration, sign-in, the current user (with the chat token) and sign-out. */
import type { FastifyInstance } from 'fastify';
import { HttpError, errorBodySchema } from '../../http/errors.js';
import { endSession, requireUserId, startSession } from '../sessions/session-plugin.js';
import { LANGUAGES, toUserView, userViewSchema } from '../users/user-view.js';
import type { UserRepo } from '../users/user-repo.js';
import { createChatToken } from './chat-token.js';
import type { LoginThrottle } from './login-throttle.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';

export interface AuthRoutesOptions {
  users: UserRepo;
  throttle: LoginThrottle;
  chatSecret: string;
  chatTokenTtlSeconds: number;
  /** Called after a user is created (the chat module mirrors users into the chat service). */
  onUserCreated?: (userId: number) => Promise<void>;
  /** Called after a successful sign-in (the chat module re-syncs the member, healing a failed sync). */
  onSignedIn?: (userId: number) => Promise<void>;
}

const WRONG_CREDENTIALS = 'Incorrect email or password';

export const emailSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;
export const nameSchema = { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' } as const;
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
            email: emailSchema,
            name: nameSchema,
            password: passwordSchema,
            language: { anyOf: [{ type: 'string', enum: LANGUAGES }, { type: 'null' }] },
          },
        },
        response: { 201: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, name, password, language } = request.body;
      const user = await users.create({
        email,
        name: name.trim(),
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
      const email = request.body.email.toLowerCase();
      const wait = await throttle.retryAfterSeconds(email, request.ip);
      if (wait > 0) {
        throw new HttpError(429, `Too many failed sign-ins; try again in ${wait} seconds`, {
          'Retry-After': String(wait),
        });
      }
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(request.body.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) {
        await throttle.recordFailure(email, request.ip);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      await throttle.clear(email);
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
    await endSession(request, reply);
    return reply.code(204).send();
  });
}
