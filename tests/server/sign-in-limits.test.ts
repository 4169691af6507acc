/**
 * Sign-in and registration limits (issue #12, item 4; docs/decisions/0001) on each engine: a
 * guesser from one address meets doubling waits, a member signing in from their own address is
 * never locked out by someone else's failures, one address cannot try account after account,
 * a much higher ceiling per email stops guessing from many addresses, and registration is
 * limited per address. Addresses come from X-Forwarded-For, which TRUST_PROXY lets through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PASSWORD = 'correct horse battery';

describe.each(ENGINES)('sign-in and registration limits on $name', (engine) => {
  let server: TestServer;
  let n = 0;
  const email = () => `limits-${++n}-${Date.now()}@limits.example`;
  /** A browser tab whose requests come from `address`. */
  const from = (address: string) => new Visitor(server.url, { 'x-forwarded-for': address });

  async function member(): Promise<string> {
    const address = email();
    expect((await from(`10.9.${n}.1`).register(address, 'Limited Member')).status).toBe(201);
    return address;
  }

  beforeAll(async () => {
    server = await startTestServer(engine, {
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_WINDOW_SECONDS: '600',
      LOGIN_ADDRESS_MAX_FAILURES: '8',
      LOGIN_EMAIL_MAX_FAILURES: '12',
      REGISTER_MAX_PER_ADDRESS: '3',
      REGISTER_WINDOW_SECONDS: '600',
    });
  });
  afterAll(() => server?.close());

  it('makes a guesser wait after the free failures, twice as long each time', async () => {
    const victim = await member();
    const guesser = from('10.1.0.1');
    for (let i = 0; i < 3; i++) expect((await guesser.signIn(victim, `guess ${i}`)).status).toBe(401);
    const first = await guesser.signIn(victim, PASSWORD);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.body).toMatchObject({ message: 'Too many failed sign-ins; try again in 1 seconds' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await guesser.signIn(victim, 'guess 3')).status).toBe(401);
    const second = await guesser.signIn(victim, 'guess 4');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);
  });

  it('never locks the member out from their own address', async () => {
    const victim = await member();
    const guesser = from('10.2.0.1');
    for (let i = 0; i < 6; i++) await guesser.signIn(victim, `guess ${i}`);
    expect((await guesser.signIn(victim, PASSWORD)).status).toBe(429);
    expect((await from('10.2.0.2').signIn(victim, PASSWORD)).status).toBe(200);
  });

  it('stops one address trying account after account', async () => {
    const sweeper = from('10.3.0.1');
    const victims = [await member(), await member(), await member(), await member(), await member()];
    for (let i = 0; i < 8; i++) expect((await sweeper.signIn(victims[i % 4]!, 'password1')).status).toBe(401);
    const blocked = await sweeper.signIn(victims[4]!, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await from('10.3.0.2').signIn(victims[4]!, PASSWORD)).status).toBe(200);
  });

  it('has a much higher ceiling per email, for guessing from many addresses', async () => {
    const victim = await member();
    for (let i = 0; i < 12; i++) expect((await from(`10.4.${i}.1`).signIn(victim, `guess ${i}`)).status).toBe(401);
    const stopped = await from('10.4.99.1').signIn(victim, PASSWORD);
    expect(stopped.status).toBe(429);
    expect(stopped.body).toMatchObject({
      message: expect.stringMatching(/^Too many failed sign-ins; try again in \d+ seconds$/),
    });
  });

  it('forgets an address’s failures for the email once the member signs in from it', async () => {
    const victim = await member();
    const home = from('10.5.0.1');
    for (let i = 0; i < 2; i++) expect((await home.signIn(victim, `typo ${i}`)).status).toBe(401);
    expect((await home.signIn(victim, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from('10.5.0.1').signIn(victim, `typo ${i}`)).status).toBe(401);
    expect((await from('10.5.0.1').signIn(victim, PASSWORD)).status).toBe(429);
  });

  it('limits registrations per address, refused attempts included', async () => {
    const office = () => from('10.6.0.1');
    expect((await office().register(email(), 'First')).status).toBe(201);
    const taken = email();
    expect((await office().register(taken, 'Second')).status).toBe(201);
    expect((await office().register(taken, 'Taken')).status).toBe(409);
    const limited = await office().register(email(), 'Fourth');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      message: expect.stringMatching(/^Too many registrations from your network; try again in \d+ seconds$/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await from('10.6.0.2').register(email(), 'Elsewhere')).status).toBe(201);
  });
});
