/** Profile changes and avatars. Only the user themself may change their profile. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { HttpError, errorBodySchema } from '../../http/errors.js';
import { requireText, textFieldSchema } from '../../http/text-input.js';
import { encodePicture, readPicturePart, sendPicture } from '../../http/picture-upload.js';
import type { AvatarFiles } from '../../storage/avatar-files.js';
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
      const upload = await readPicturePart(request, 'avatar', options.avatarMaxBytes);
      // Only the re-encoded picture is stored; the uploaded bytes go no further than this.
      const avatar = await encodePicture(upload, avatarLimits);
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
      return sendPicture(
        reply,
        stored,
        avatarLimits,
        request.log.child({ userId: user.id }),
        'This user has no avatar',
      );
    },
  );
}
