/**
 * Pictures members upload and the app serves back: an avatar, a team's crest. One way in (the
 * form's one file field, within a byte limit, re-encoded by storage/images.ts before anything
 * is stored) and one way out (only our own WebP, with headers that stop a browser from
 * guessing at it); docs/decisions/0014.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_TYPE, encodeAvatar, ImageRefused, isEncodedAvatar, type AvatarOptions } from '../storage/images.js';
import { HttpError } from './errors.js';

function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A field name from the form, shortened for an error message. */
function quoted(name: string): string {
  return `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`;
}

/**
 * Reads the one file of the upload, sent in the form field named `field` (also the picture's
 * name in messages: "The avatar is larger than …"); anything else in the form is an error. A
 * malformed body (no or wrong boundary, truncated) is answered by the error handler
 * (http/multipart-errors.ts).
 */
export async function readPicturePart(request: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(415, `Send the ${field} as multipart/form-data with one file field named ${field}`);
  let data: Buffer | null = null;
  const limits = { fileSize: maxBytes, files: 2, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field')
      throw new HttpError(400, `Unexpected form field ${quoted(part.fieldname)}; send only the file field ${field}`);
    const file: MultipartFile = part;
    if (file.fieldname !== field)
      throw new HttpError(
        400,
        `Unexpected file field ${quoted(file.fieldname)}; the file field must be named ${field}`,
      );
    if (data) throw new HttpError(400, `Send exactly one ${field} file`);
    data = await file.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, `The ${field} is larger than the ${byteSize(maxBytes)} limit`);
      }
      throw error;
    });
  }
  if (!data || data.length === 0) throw new HttpError(400, `The ${field} file is missing or empty`);
  return data;
}

/** The picture as it is stored: re-encoded, or the image refusal as the API's 400, 413 or 415. */
export async function encodePicture(upload: Buffer, options: AvatarOptions) {
  return encodeAvatar(upload, options).catch((error: unknown) => {
    if (error instanceof ImageRefused) throw new HttpError(error.statusCode, error.message);
    throw error;
  });
}

/**
 * Sends a stored picture. Only our own WebP leaves: anything else (files stored before pictures
 * were re-encoded, the demo seed's PNGs, pictures made under another size) is re-encoded on the
 * way out, and a stored file that cannot be is a 404 `notFound`, logged.
 */
export async function sendPicture(
  reply: FastifyReply,
  stored: Buffer,
  options: AvatarOptions,
  log: FastifyBaseLogger,
  notFound: string,
): Promise<FastifyReply> {
  const data = (await isEncodedAvatar(stored, options.size))
    ? stored
    : await encodeAvatar(stored, options).then(
        (picture) => picture.data,
        (error: unknown) => {
          log.warn({ err: error }, `stored ${options.noun ?? 'picture'} cannot be re-encoded`);
          throw new HttpError(404, notFound);
        },
      );
  return reply
    .type(AVATAR_TYPE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'")
    .header('Cache-Control', 'private, max-age=31536000, immutable')
    .send(data);
}
