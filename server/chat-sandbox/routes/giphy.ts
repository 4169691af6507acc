/**
 * GET /giphy/:file — the local GIF set behind `/giphy` attachments (giphy.ts). Public like a
 * CDN: `<img>` requests carry no token, so `/chat/giphy/` must be exempt from authentication.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.js';
import { giphyFile } from '../giphy.js';
import type { Sandbox } from '../sandbox.js';
import { GIPHY_FILE } from '../schema/files.js';

export async function giphyRoutes(app: FastifyInstance, _sandbox: Sandbox): Promise<void> {
  app.get<{ Params: { file: string } }>('/giphy/:file', { schema: GIPHY_FILE }, async (request, reply) => {
    const file = giphyFile(request.params.file);
    if (!file) throw notFound(`gif ${request.params.file} does not exist`);
    return reply
      .type('image/gif')
      .header('Cache-Control', 'public, max-age=86400, immutable')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(file.data);
  });
}
