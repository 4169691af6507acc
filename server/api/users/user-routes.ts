/** Profile changes and avatars. Only the user themself may change their profile. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError, errorBodySchema } from '../../http/errors.js';
import type { AvatarFiles } from '../../storage/avatar-files.js';
import { checkImage } from '../../storage/image-type.js';
import { nameSchema } from '../auth/auth-routes.js';
import { requireUserId } from '../sessions/session-plugin.js';
import type { ProfileChanges, UserRepo } from './user-repo.js';
import { LANGUAGES, toUserView, userViewSchema } from './user-view.js';

export interface UserRoutesOptions {
  users: UserRepo;
  avatars: AvatarFiles;
  avatarMaxBytes: number;
  /** Called after a profile or avatar change (the chat module mirrors it into the chat service). */
  onUserChanged?: (userId: number) => Promise<void>;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: nameSchema,
    language: { anyOf: [{ type: 'string', enum: LANGUAGES }, { type: 'null' }] },
    bio: { type: 'string', maxLength: 280 },
    phone: { anyOf: [{ type: 'string', pattern: '^\\+?[0-9 ()-]{6,20}$' }, { type: 'null' }] },
    timezone: { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'null' }] },
  },
} as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function requireSelf(request: FastifyRequest<{ Params: { id: number } }>): number {
  const userId = requireUserId(request);
  if (request.params.id !== userId) throw new HttpError(403, 'You can only change your own profile');
  return userId;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Reads the one `avatar` file of the upload; anything else in the form is an error. */
async function readAvatarPart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(415, 'Send the avatar as multipart/form-data with one file field named avatar');
  let data: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 5, parts: 6 } })) {
    if (part.type === 'field')
      throw new HttpError(400, `Unexpected form field '${part.fieldname}'; send only the file field avatar`);
    const file: MultipartFile = part;
    if (file.fieldname !== 'avatar')
      throw new HttpError(400, `Unexpected file field '${file.fieldname}'; the file field must be named avatar`);
    if (data) throw new HttpError(400, 'Send exactly one avatar file');
    data = await file.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `The avatar is larger than the ${megabytes(maxBytes)} limit`);
      }
      throw error;
    });
  }
  if (!data || data.length === 0) throw new HttpError(400, 'The avatar file is missing or empty');
  return data;
}

export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  const { users, avatars } = options;

  app.put<{ Params: { id: number }; Body: ProfileChanges }>(
    '/users/:id',
    { schema: { params: idParams, body: profileSchema, response: { 200: userViewSchema, ...errors } } },
    async (request) => {
      const userId = requireSelf(request);
      const changes = { ...request.body };
      if (changes.name !== undefined) changes.name = changes.name.trim();
      if (typeof changes.timezone === 'string' && !isTimeZone(changes.timezone)) {
        throw new HttpError(400, `body/timezone '${changes.timezone}' is not a known time zone (e.g. Europe/Berlin)`);
      }
      const user = await users.updateProfile(userId, changes);
      if (!user) throw new HttpError(404, 'This user no longer exists');
      await options.onUserChanged?.(userId);
      return toUserView(user);
    },
  );

  app.put<{ Params: { id: number } }>(
    '/users/:id/avatar',
    { schema: { params: idParams, response: { 200: userViewSchema, ...errors } } },
    async (request) => {
      const userId = requireSelf(request);
      const data = await readAvatarPart(request, options.avatarMaxBytes);
      const image = checkImage(data);
      if (!image.ok) {
        throw new HttpError(
          image.reason === 'truncated' ? 400 : 415,
          image.reason === 'truncated'
            ? 'The avatar image is incomplete (truncated); upload the whole file'
            : 'The avatar must be a PNG, JPEG, WebP or GIF image',
        );
      }
      const file = await avatars.save(userId, data, image.type);
      const replaced = await users.setAvatar(userId, file, image.type);
      if (replaced) await avatars.remove(replaced);
      await options.onUserChanged?.(userId);
      const user = await users.findById(userId);
      if (!user) throw new HttpError(404, 'This user no longer exists');
      return toUserView(user);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id/avatar',
    { schema: { params: idParams, response: { 401: errorBodySchema, 404: errorBodySchema } } },
    async (request, reply) => {
      requireUserId(request);
      const user = await users.findById(request.params.id);
      const data = user?.avatar_file ? await avatars.read(user.avatar_file) : null;
      if (!user?.avatar_type || !data) throw new HttpError(404, 'This user has no avatar');
      return reply
        .type(user.avatar_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(data);
    },
  );
}
