import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed/demo-users.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { DEFAULT_AVATAR_SIZE, isEncodedAvatar } from '../../server/storage/images.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('demo seed on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('creates at least twelve members with generated avatars, stored as uploads are, once', async () => {
    const first = await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword);
    expect(first).toEqual({ created: DEMO_USERS.length, existing: 0, league: 'created' });
    expect(DEMO_USERS.length).toBeGreaterThanOrEqual(12);

    const files = await readdir(join(server.config.dataDir, 'avatars'));
    expect(files).toHaveLength(DEMO_USERS.length);
    for (const file of files)
      expect(
        await isEncodedAvatar(await readFile(join(server.config.dataDir, 'avatars', file)), DEFAULT_AVATAR_SIZE),
      ).toBe(true);

    const second = await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword);
    expect(second).toEqual({ created: 0, existing: DEMO_USERS.length, league: 'existing' });
    expect(await readdir(join(server.config.dataDir, 'avatars'))).toHaveLength(DEMO_USERS.length);
  });

  it('lets a demo member sign in with the demo password', async () => {
    const visitor = new Visitor(server.url);
    const answer = await visitor.signIn(DEMO_USERS[1]!.email, server.config.demoPassword);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: DEMO_USERS[1]!.name, language: DEMO_USERS[1]!.language });
    expect(answer.body.avatar_url).toMatch(/^\/api\/users\/\d+\/avatar\?v=/);
  });
});
