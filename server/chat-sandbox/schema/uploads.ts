/** Request schemas of the upload routes (routes/uploads.ts, chat-protocol.md §4.2 "Uploads"); bodies are multipart. */
import { params, query, url } from './fragments.js';

/** A resizing parameter arrives as text; thumbnails.ts says what each may be. */
const resizing = { type: 'string', maxLength: 32 } as const;

/** POST /channels/{type}/{id}/file|image. */
export const CHANNEL_UPLOAD = { params: params('type', 'id'), querystring: query() };
/** POST /uploads/file|image. */
export const APP_UPLOAD = { querystring: query() };
/** DELETE /channels/{type}/{id}/file|image?url=. */
export const CHANNEL_UPLOAD_DELETE = { params: params('type', 'id'), querystring: query({ url }) };
/** DELETE /uploads/file|image?url=. */
export const APP_UPLOAD_DELETE = { querystring: query({ url }) };
/** GET /uploads/{name}?w=&h=&resize=&crop= (public, like the CDN). */
export const SERVE_UPLOAD = {
  params: params('name'),
  querystring: query({ w: resizing, h: resizing, resize: resizing, crop: resizing }),
};
