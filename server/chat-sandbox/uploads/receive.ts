/**
 * Reading an upload's multipart body (chat-protocol.md §4.2 "Uploads"): the one part `file` goes
 * to a temporary file (never over the byte limit), the optional `user` field names the uploader
 * of a server-side upload; everything else is refused. The file's name and declared type are
 * screened before a byte is written, and the whole body is consumed before an error is thrown,
 * so the client always reads the answer.
 */
import type { FastifyMultipartBaseOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { ChatError, inputError } from '../errors.js';

/** Stored names: a random UUID and a short lower-case extension; nothing from the client is a path. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;
/** Temporary files of uploads in progress (left over after a crash: removed at start). */
export const PART_FILE = /^\.[0-9a-f-]{36}\.part$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/;
const TOO_BIG = 22;

export interface Received {
  tempPath: string;
  /** The name as the client sent it (file-names.ts cleans it before it is stored). */
  rawName: string;
  mimeType: string;
  size: number;
  /** The `user` field's id (server-side uploads name the uploader this way). */
  namedUserId?: string;
}

export interface ReceiveOptions {
  /** Folder of the temporary file. */
  dir: string;
  /** Largest file in bytes. */
  limit: number;
  /** Why a file of this name and declared type is refused before it is read, or null. */
  screen: (rawName: string, mimeType: string) => string | null;
}

export async function receive(request: FastifyRequest, { dir, limit, screen }: ReceiveOptions): Promise<Received> {
  if (!request.isMultipart()) {
    throw inputError('send the file as multipart/form-data with the file in a part named "file"');
  }
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
      const violation = screen(part.filename, part.mimetype);
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
      received = { tempPath, rawName: part.filename, mimeType: mimeTypeOf(part.mimetype), size };
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

function userIdOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const user = JSON.parse(value) as { id?: unknown } | null;
    return typeof user?.id === 'string' && user.id !== '' ? user.id : undefined;
  } catch {
    return undefined;
  }
}

/** The declared type without parameters, or application/octet-stream when it is not one. */
export function mimeTypeOf(declared: string): string {
  const type = declared.toLowerCase().split(';')[0]!.trim();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

/** The stored name an upload URL (absolute, or a path) points to. */
export function storedNameOf(url: string, urlPrefix: string): string | null {
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
