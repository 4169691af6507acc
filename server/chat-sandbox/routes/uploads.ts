/**
 * Uploads (chat-protocol.md §4.2 "Uploads"): POST /channels/{t}/{id}/file|image and the app-level
 * POST /uploads/file|image take one multipart part `file` (plus an optional `user` JSON field),
 * enforce the upload rules (uploads/rules.ts: blocked types, the upload configs GET /app
 * advertises, images checked by their bytes), store the bytes under a generated name and answer
 * `{file: <absolute URL>, thumb_url?}`. GET /uploads/{name} serves them (no auth: the URL is the
 * capability, as with the hosted CDN), resized when an image URL carries `?w=&h=` (with `resize`
 * and `crop`, uploads/thumbnails.ts); DELETE …?url= removes them (uploader or moderator).
 *
 * The prefix /chat/uploads/ is exempt from the plugin's authentication hook, so the app-level
 * POST and DELETE routes authenticate themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { authenticate, revocationsOf, type Actor } from '../auth-context.js';
import { inputError, notFound } from '../errors.js';
import { ok, type Sandbox } from '../sandbox.js';
import type { FileRec } from '../store/model.js';
import { contentDisposition, imageFileName } from '../uploads/file-names.js';
import { FORMAT_EXTENSIONS, formatOfMimeType } from '../uploads/images.js';
import { PART_FILE, receive, STORED_NAME, storedNameOf } from '../uploads/receive.js';
import { screenUpload, type UploadKind } from '../uploads/rules.js';
import {
  APP_UPLOAD,
  APP_UPLOAD_DELETE,
  CHANNEL_UPLOAD,
  CHANNEL_UPLOAD_DELETE,
  SERVE_UPLOAD,
} from '../schema/uploads.js';
import { uploadLimitsOf } from '../uploads/settings.js';
import {
  isResize,
  Thumbnailer,
  thumbnailRequestOf,
  type Thumbnail,
  type ThumbnailQuery,
  type ThumbnailRequest,
} from '../uploads/thumbnails.js';
import { uploadConfigs, uploadRuleViolation } from '../uploads/upload-config.js';
import { loadChannel, requireCapability } from '../services/common.js';
import { deleteUpload, storeUpload } from '../services/uploads.js';

type ChannelParams = { type: string; id: string };
type UrlQuery = { url?: string };

export async function uploadRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { settings, store } = sandbox;
  const dir = settings.uploadDir;
  const urlPrefix = `${app.prefix}/uploads/`;
  const limits = () => uploadLimitsOf(settings);
  const thumbnails = new Thumbnailer(limits().thumbnailCacheBytes);
  await mkdir(dir, { recursive: true });
  // Leftovers of uploads interrupted by a crash.
  for (const name of await readdir(dir)) if (PART_FILE.test(name)) await unlink(join(dir, name)).catch(() => undefined);

  // The plugin's hook leaves chatActor unset under /chat/uploads/ (the public GET): authenticate here.
  const actorOf = async (request: FastifyRequest): Promise<Actor> =>
    request.chatActor ?? authenticate(request, settings.apiKey, settings.secret, revocationsOf(sandbox.store));

  async function upload(request: FastifyRequest, kind: UploadKind, cid: string) {
    const actor = await actorOf(request);
    const config = uploadConfigs(settings.uploadSizeLimit)[kind];
    const received = await receive(request, {
      dir,
      limit: settings.uploadSizeLimit,
      screen: (name, type) =>
        screenUpload(kind, name, type, (clean, declared) => uploadRuleViolation(config, clean, declared)),
    });
    const file = await storeUpload(sandbox, actor, received, { dir, kind, cid, config, maxPixels: limits().maxPixels });
    const url = `${request.protocol}://${request.host}${urlPrefix}${file.id}`;
    return ok(kind === 'image' ? { file: url, thumb_url: url } : { file: url });
  }

  async function remove(request: FastifyRequest<{ Querystring: UrlQuery }>, cid: string | null) {
    const actor = await actorOf(request);
    const url = request.query.url;
    if (typeof url !== 'string' || url === '') throw inputError('url is required');
    const file = store.files.get(storedNameOf(url, urlPrefix) ?? '');
    if (!file || (cid !== null && file.cid !== cid)) throw notFound(`file ${url} does not exist`);
    await deleteUpload(sandbox, actor, file, dir, url);
    thumbnails.dropFile(file.id);
    return ok({});
  }

  /** The resized image (uploads/thumbnails.ts); only images can be resized. */
  async function thumbnailOf(file: FileRec, request: ThumbnailRequest): Promise<Thumbnail> {
    const format = formatOfMimeType(file.mime_type);
    if (file.kind !== 'image' || !format) throw inputError('only images can be resized; this upload is a file');
    return thumbnails.resized(file.id, join(dir, file.id), format, request, limits().maxPixels, () =>
      store.files.has(file.id),
    );
  }

  for (const kind of ['file', 'image'] as const) {
    app.post<{ Params: ChannelParams }>(`/channels/:type/:id/${kind}`, { schema: CHANNEL_UPLOAD }, async (request) => {
      const actor = await actorOf(request);
      const channel = loadChannel(sandbox, request.params.type, request.params.id);
      requireCapability(sandbox, channel, actor, 'upload-file', 'UploadAttachment');
      return upload(request, kind, channel.cid);
    });
    app.post(`/uploads/${kind}`, { schema: APP_UPLOAD }, async (request) => upload(request, kind, ''));
    app.delete<{ Params: ChannelParams; Querystring: UrlQuery }>(
      `/channels/:type/:id/${kind}`,
      { schema: CHANNEL_UPLOAD_DELETE },
      async (request) => {
        const channel = loadChannel(sandbox, request.params.type, request.params.id);
        return remove(request, channel.cid);
      },
    );
    app.delete<{ Querystring: UrlQuery }>(`/uploads/${kind}`, { schema: APP_UPLOAD_DELETE }, async (request) =>
      remove(request, null),
    );
  }

  app.get<{ Params: { name: string }; Querystring: ThumbnailQuery }>(
    '/uploads/:name',
    { schema: SERVE_UPLOAD },
    async (request, reply) => {
      const name = request.params.name;
      const file = STORED_NAME.test(name) ? store.files.get(name) : undefined;
      const size = file
        ? await stat(join(dir, file.id)).then(
            (s) => s.size,
            () => null,
          )
        : null;
      if (!file || size === null) throw notFound(`file ${name} does not exist`);
      const resize = thumbnailRequestOf(request.query);
      if (resize && isResize(resize)) return sendThumbnail(reply, file, await thumbnailOf(file, resize));
      if (resize && file.kind !== 'image') throw inputError('only images can be resized; this upload is a file');
      return sendStored(request, reply, join(dir, file.id), file, size);
    },
  );
}

function sendThumbnail(reply: FastifyReply, file: FileRec, thumbnail: Thumbnail) {
  const name = imageFileName(file.name, FORMAT_EXTENSIONS[thumbnail.format]);
  return reply
    .header('Content-Type', file.mime_type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition('inline', name))
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Length', thumbnail.data.length)
    .send(thumbnail.data);
}

/** Sends a stored file, honouring a single byte range (media players seek with them). */
function sendStored(request: FastifyRequest, reply: FastifyReply, path: string, file: FileRec, size: number) {
  const isImage = file.kind === 'image';
  reply
    .header('Content-Type', file.mime_type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition(isImage ? 'inline' : 'attachment', file.name))
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
