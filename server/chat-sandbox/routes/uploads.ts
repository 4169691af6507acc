/**
 * Uploads (chat-protocol.md §4.2 "Uploads"): POST /channels/{t}/{id}/file|image and the app-level
 * POST /uploads/file|image take one multipart part `file` (plus an optional `user` JSON field),
 * enforce the upload configs GET /app advertises, store the bytes under a generated name and
 * answer `{file: <absolute URL>, thumb_url?}`. GET /uploads/{name} serves them (no auth: the URL
 * is the capability, as with the hosted CDN); DELETE …?url= removes them (uploader or moderator).
 *
 * The prefix /chat/uploads/ is exempt from the plugin's authentication hook, so the app-level
 * POST and DELETE routes authenticate themselves.
 */
import type { FastifyMultipartBaseOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { checkImage, IMAGE_EXTENSIONS, type ImageType } from '../../storage/image-type.js';
import { authenticate, revocationsOf, type Actor } from '../auth-context.js';
import { isModerator } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { FileRec } from '../store/model.js';
import { uploadConfigs, uploadRuleViolation, type UploadKind } from './app-settings.js';
import { loadChannel, requireCapability } from './common.js';

type ChannelParams = { type: string; id: string };
type UrlQuery = { url?: string };

/** Stored names: a random UUID and a short lower-case extension; nothing from the client is a path. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/;
const PART_FILE = /^\.[0-9a-f-]{36}\.part$/;
const TOO_BIG = 22;

interface Received {
  tempPath: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** The `user` field's id (server-side uploads name the uploader this way). */
  namedUserId?: string;
}

export async function uploadRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { settings, store } = sandbox;
  const dir = settings.uploadDir;
  const urlPrefix = `${app.prefix}/uploads/`;
  await mkdir(dir, { recursive: true });
  // Leftovers of uploads interrupted by a crash.
  for (const name of await readdir(dir)) if (PART_FILE.test(name)) await unlink(join(dir, name)).catch(() => undefined);

  // The plugin's hook leaves chatActor unset under /chat/uploads/ (the public GET): authenticate here.
  const actorOf = (request: FastifyRequest): Actor =>
    request.chatActor ?? authenticate(request, settings.apiKey, settings.secret, revocationsOf(sandbox.store));

  async function upload(request: FastifyRequest, kind: UploadKind, cid: string) {
    const actor = actorOf(request);
    const received = await receive(request, kind, dir, settings.uploadSizeLimit);
    try {
      const image = kind === 'image' ? verifyImage(await readFile(received.tempPath)) : undefined;
      const id = `${randomUUID()}${image ? `.${IMAGE_EXTENSIONS[image]}` : extensionOf(received.fileName)}`;
      await rename(received.tempPath, join(dir, id));
      const file: FileRec = {
        id,
        cid,
        user_id: (actor.server ? received.namedUserId : undefined) ?? actor.userId ?? '',
        kind,
        name: received.fileName.slice(0, 255),
        mime_type: image ?? received.mimeType,
        size: received.size,
        created_at: nextTimestamp(),
      };
      store.saveFile(file);
      const url = `${request.protocol}://${request.host}${urlPrefix}${id}`;
      return ok(kind === 'image' ? { file: url, thumb_url: url } : { file: url });
    } catch (error) {
      await unlink(received.tempPath).catch(() => undefined);
      throw error;
    }
  }

  async function remove(request: FastifyRequest<{ Querystring: UrlQuery }>, cid: string | null) {
    const actor = actorOf(request);
    const url = request.query.url;
    if (typeof url !== 'string' || url === '') throw inputError('url is required');
    const file = store.files.get(storedNameOf(url, urlPrefix) ?? '');
    if (!file || (cid !== null && file.cid !== cid)) throw notFound(`file ${url} does not exist`);
    const userId = actor.userId;
    const allowed =
      actor.server ||
      (userId !== null &&
        (userId === file.user_id || isModerator(store.users.get(userId), store.member(file.cid, userId))));
    if (!allowed) {
      throw notAllowed(
        `User '${actor.userId ?? ''}' is not allowed to delete the file ${url}: only its uploader or a moderator may`,
      );
    }
    await unlink(join(dir, file.id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    store.deleteFile(file.id);
    return ok({});
  }

  for (const kind of ['file', 'image'] as const) {
    app.post<{ Params: ChannelParams }>(`/channels/:type/:id/${kind}`, async (request) => {
      const actor = actorOf(request);
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      requireCapability(sandbox, channel, actor, 'upload-file', 'UploadAttachment');
      return upload(request, kind, channel.cid);
    });
    app.post(`/uploads/${kind}`, async (request) => upload(request, kind, ''));
    app.delete<{ Params: ChannelParams; Querystring: UrlQuery }>(`/channels/:type/:id/${kind}`, async (request) => {
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      return remove(request, channel.cid);
    });
    app.delete<{ Querystring: UrlQuery }>(`/uploads/${kind}`, async (request) => remove(request, null));
  }

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const name = request.params.name;
    const file = STORED_NAME.test(name) ? store.files.get(name) : undefined;
    const size = file
      ? await stat(join(dir, file.id)).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!file || size === null) throw notFound(`file ${name} does not exist`);
    return sendStored(request, reply, join(dir, file.id), file, size);
  });
}

/**
 * Reads the multipart body: the one `file` part goes to a temporary file in `dir` (never over
 * `limit` bytes), `user` is parsed; everything else is refused. The whole body is consumed
 * before an input error is thrown, so the client always reads the answer.
 */
async function receive(request: FastifyRequest, kind: UploadKind, dir: string, limit: number): Promise<Received> {
  if (!request.isMultipart()) {
    throw inputError('send the file as multipart/form-data with the file in a part named "file"');
  }
  const config = uploadConfigs(limit)[kind];
  const options: FastifyMultipartBaseOptions = {
    limits: { fileSize: limit, files: 4, fields: 8, parts: 12, fieldSize: 64 * 1024 },
    throwFileSizeLimit: false,
  };
  let problem: ChatError | undefined;
  let received: Omit<Received, 'namedUserId'> | undefined;
  let namedUserId: string | undefined;
  const tempPath = join(dir, `.${randomUUID()}.part`);
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (part.fieldname === 'user') namedUserId = userIdOf(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || received || problem) {
        await drain(part);
        problem ??= inputError(
          part.fieldname === 'file'
            ? 'send exactly one file per upload'
            : `unexpected file part "${part.fieldname}"; the file part must be named "file"`,
        );
        continue;
      }
      const violation = uploadRuleViolation(config, part.filename, part.mimetype);
      if (violation) {
        await drain(part);
        problem = inputError(violation);
        continue;
      }
      await pipeline(part.file, createWriteStream(tempPath));
      if (part.file.truncated) {
        problem = new ChatError(
          TOO_BIG,
          `payload too big: the file is larger than the upload size limit of ${limit} bytes`,
          413,
        );
        continue;
      }
      const size = (await stat(tempPath)).size;
      if (size === 0) {
        problem = inputError('the file is empty');
        continue;
      }
      received = { tempPath, fileName: part.filename, mimeType: mimeTypeOf(part.mimetype), size };
    }
  } catch (error) {
    request.raw.resume();
    problem = error instanceof ChatError ? error : multipartError(error);
  }
  if (problem || !received) {
    await unlink(tempPath).catch(() => undefined);
    throw problem ?? inputError('the file is missing: send it as a multipart part named "file" with a file name');
  }
  return { ...received, namedUserId };
}

async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  await finished(part.file).catch(() => undefined);
}

function multipartError(error: unknown): ChatError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return inputError('too many parts: send one file part named "file" and at most a "user" field');
  }
  const message = error instanceof Error ? error.message : String(error);
  return inputError(`the multipart body could not be read: ${message}`);
}

function verifyImage(data: Buffer): ImageType {
  const image = checkImage(data);
  if (image.ok) return image.type;
  throw inputError(
    image.reason === 'truncated'
      ? 'the image is incomplete (truncated); upload the whole file'
      : 'the file is not an image: images must be JPEG, PNG, GIF or WebP',
  );
}

function userIdOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const user = JSON.parse(value) as { id?: unknown } | null;
    return typeof user?.id === 'string' && user.id !== '' ? user.id : undefined;
  } catch {
    return undefined;
  }
}

function mimeTypeOf(declared: string): string {
  const type = declared.toLowerCase().split(';')[0]!.trim();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

function extensionOf(fileName: string): string {
  return /\.[a-z0-9]{1,10}$/.exec(fileName.toLowerCase())?.[0] ?? '';
}

/** The stored name an upload URL (absolute, or a path) points to. */
function storedNameOf(url: string, urlPrefix: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(urlPrefix)) return null;
  const name = path.slice(urlPrefix.length);
  return STORED_NAME.test(name) ? name : null;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a stored file, honouring a single byte range (media players seek with them). */
function sendStored(request: FastifyRequest, reply: FastifyReply, path: string, file: FileRec, size: number) {
  const isImage = file.kind === 'image';
  reply
    .header('Content-Type', file.mime_type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', disposition(isImage ? 'inline' : 'attachment', file.name))
    .header('Cache-Control', 'private, max-age=3600')
    .header('Accept-Ranges', 'bytes');
  // Images are verified by their bytes; anything else must never run as a page of this origin.
  if (!isImage) reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    }
    reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${size}`)
      .header('Content-Length', end - start + 1);
    return reply.send(createReadStream(path, { start, end }));
  }
  reply.header('Content-Length', size);
  return reply.send(createReadStream(path));
}
