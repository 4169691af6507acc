/**
 * Block lists (blocklists.ts), server-side only as on the hosted service: POST /blocklists
 * {name, words}, GET /blocklists, GET, PUT {words} and DELETE /blocklists/{name}.
 */
import type { FastifyInstance } from 'fastify';
import {
  blocklistView,
  createBlocklist,
  deleteBlocklist,
  getBlocklist,
  listBlocklists,
  updateBlocklist,
} from '../blocklists.js';
import { ok, type Sandbox } from '../sandbox.js';
import * as schemas from '../schema/blocklists.js';

type Named = { Params: { name: string } };
type Body = { name?: unknown; words?: unknown };

export async function blocklistRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  app.post<{ Body: Body }>('/blocklists', { schema: schemas.CREATE }, async (request) => {
    createBlocklist(sandbox, request.chatActor, request.body ?? {});
    return ok({});
  });
  app.get('/blocklists', { schema: schemas.LIST }, async (request) =>
    ok({ blocklists: listBlocklists(sandbox, request.chatActor).map(blocklistView) }),
  );
  app.get<Named>('/blocklists/:name', { schema: schemas.ONE }, async (request) =>
    ok({ blocklist: blocklistView(getBlocklist(sandbox, request.chatActor, request.params.name)) }),
  );
  app.put<Named & { Body: Body }>('/blocklists/:name', { schema: schemas.UPDATE }, async (request) => {
    updateBlocklist(sandbox, request.chatActor, request.params.name, request.body ?? {});
    return ok({});
  });
  app.delete<Named>('/blocklists/:name', { schema: schemas.ONE }, async (request) => {
    deleteBlocklist(sandbox, request.chatActor, request.params.name);
    return ok({});
  });
}
