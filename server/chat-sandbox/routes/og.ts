/** Link previews: GET /og?url= → the page's Open Graph data at the top level (chat-protocol.md §4.3). */
import type { FastifyInstance } from 'fastify';
import { inputError } from '../errors.js';
import { fetchOpenGraph } from '../og.js';
import { ok, type Sandbox } from '../sandbox.js';
import { OPEN_GRAPH } from '../schema/files.js';

export async function ogRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.get<{ Querystring: { url?: string } }>('/og', { schema: OPEN_GRAPH }, async (request) => {
    const url = request.query.url;
    if (url === undefined || url.trim() === '') throw inputError('url is a required field');
    return ok(await fetchOpenGraph(url.trim(), { allowPrivate: sandbox.settings.ogAllowPrivate ?? false }));
  });
}
