/** Profile changes and avatars. Only the user themself may change their profile. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { HttpError, errorBodySchema } from '../../http/errors.js';
import { requireText, textFieldSchema } from '../../http/text-input.js';
import type { AvatarFiles } from '../../storage/avatar-files.js';
import { AVATAR_TYPE, encodeAvatar, ImageRefused, isEncodedAvatar } from '../../storage/images.js';
import { nameSchema } from '../auth/auth-routes.js';
import { requireUserId } from '../sessions/session-plugin.js';
import type { ProfileChanges, UserRepo } from './user-repo.js';
import { LANGUAGES, toUserView, userViewSchema } from './user-view.js';

export interface UserRoutesOptions {
  users: UserRepo;
  avatars: AvatarFiles;
  avatarMaxBytes: number;
  /** Larger pictures (width × height) are refused before they are decoded. */
  avatarMaxPixels: number;
  /** Avatars are stored and served as this many pixels square (WebP). */
  avatarSize: number;
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
    bio: textFieldSchema(TEXT_RULES.bio),
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

function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A field name from the form, shortened for an error message. */
function quoted(name: string): string {
  return `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`;
}

/**
 * Reads the one `avatar` file of the upload; anything else in the form is an error. A malformed
 * body (no or wrong boundary, truncated) is answered by the error handler (http/multipart-errors.ts).
 */
async function readAvatarPart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(415, 'Send the avatar as multipart/form-data with one file field named avatar');
  let data: Buffer | null = null;
  const limits = { fileSize: maxBytes, files: 2, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field')
      throw new HttpError(400, `Unexpected form field ${quoted(part.fieldname)}; send only the file field avatar`);
    const file: MultipartFile = part;
    if (file.fieldname !== 'avatar')
      throw new HttpError(400, `Unexpected file field ${quoted(file.fieldname)}; the file field must be named avatar`);
    if (data) throw new HttpError(400, 'Send exactly one avatar file');
    data = await file.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `The avatar is larger than the ${byteSize(maxBytes)} limit`);
      }
      throw error;
    });
  }
  if (!data || data.length === 0) throw new HttpError(400, 'The avatar file is missing or empty');
  return data;
}

/** An image refusal as the product API's error: 400, 413 or 415 with its message. */
function asHttpError(error: unknown): never {
  if (error instanceof ImageRefused) throw new HttpError(error.statusCode, error.message);
  throw error;
}

export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  const { users, avatars } = options;
  const avatarLimits = { maxPixels: options.avatarMaxPixels, size: options.avatarSize, noun: 'avatar' };

  app.put<{ Params: { id: number }; Body: ProfileChanges }>(
    '/users/:id',
    { schema: { params: idParams, body: profileSchema, response: { 200: userViewSchema, ...errors } } },
    async (request) => {
      const userId = requireSelf(request);
      const changes = { ...request.body };
      // The text policy (docs/api.md, "Text fields"): what is stored is the normalised text.
      if (changes.name !== undefined) changes.name = requireText(changes.name, 'body/name', TEXT_RULES.memberName);
      if (typeof changes.bio === 'string') changes.bio = requireText(changes.bio, 'body/bio', TEXT_RULES.bio);
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
      const upload = await readAvatarPart(request, options.avatarMaxBytes);
      // Only the re-encoded picture is stored; the uploaded bytes go no further than this.
      const avatar = await encodeAvatar(upload, avatarLimits).catch(asHttpError);
      const file = await avatars.save(userId, avatar.data, avatar.type);
      const replaced = await users.setAvatar(userId, file, avatar.type);
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
      const stored = user?.avatar_file ? await avatars.read(user.avatar_file) : null;
      if (!user?.avatar_type || !stored) throw new HttpError(404, 'This user has no avatar');
      // Files stored before avatars were re-encoded (and the demo seed's PNGs) are re-encoded
      // on the way out, so what is served is always our own WebP, never an uploaded original.
      const data = (await isEncodedAvatar(stored, options.avatarSize))
        ? stored
        : await encodeAvatar(stored, avatarLimits).then(
            (avatar) => avatar.data,
            (error: unknown) => {
              request.log.warn({ err: error, userId: user.id }, 'stored avatar cannot be re-encoded');
              throw new HttpError(404, 'This user has no avatar');
            },
          );
      return reply
        .type(AVATAR_TYPE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(data);
    },
  );
}
