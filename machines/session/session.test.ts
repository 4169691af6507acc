import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { RETRY_BASE_MS, sessionMachine } from './session.machine';
import { selectLastError, selectStatus, selectUser } from './session.selectors';
import type { SessionUser } from './session.types';

const alex: SessionUser = { id: 1, name: 'Alex', language: 'en' };
const jordan: SessionUser = { id: 2, name: 'Jordan', language: 'de' };

class HttpishError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** A session actor whose /me answers come from `answers` in order, on a simulated clock. */
function start(answers: (SessionUser | Error)[], logout: () => Promise<void> = () => Promise.resolve()) {
  const calls = { me: 0, logout: 0 };
  const clock = new SimulatedClock();
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(async () => {
        const answer = answers[Math.min(calls.me++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      endServerSession: fromPromise(async () => {
        calls.logout++;
        await logout();
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session machine', () => {
  it('starts loading and refreshes once at start: success → authenticated with the user', async () => {
    const { actor, calls } = start([alex]);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(selectUser(actor.getSnapshot())).toEqual(alex);
    expect(calls.me).toBe(1);
  });

  it('401 → unauthenticated with the user cleared', async () => {
    const { actor } = start([new HttpishError(401)]);
    await settle();
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });

  it('another failure while loading stays loading and retries with backoff', async () => {
    const { actor, clock, calls } = start([new HttpishError(500), new Error('timeout'), alex]);
    await settle();
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(selectLastError(actor.getSnapshot())).toBe('HTTP 500');
    clock.increment(RETRY_BASE_MS - 1);
    await settle();
    expect(calls.me).toBe(1);
    clock.increment(1);
    await settle();
    expect(calls.me).toBe(2);
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.failures).toBe(2);
    clock.increment(RETRY_BASE_MS * 2);
    await settle();
    expect(calls.me).toBe(3);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, lastError: null });
  });

  it('retries at once when the browser comes back online, or on refresh', async () => {
    const { actor, calls } = start([new Error('offline'), new Error('offline'), alex]);
    await settle();
    actor.send({ type: 'network.online' });
    await settle();
    expect(calls.me).toBe(2);
    expect(actor.getSnapshot().value).toBe('retrying');
    actor.send({ type: 'session.refresh' });
    await settle();
    expect(calls.me).toBe(3);
    expect(actor.getSnapshot().value).toBe('authenticated');
  });

  it('a sign-in while retrying is taken at once', async () => {
    const { actor } = start([new Error('down')]);
    await settle();
    actor.send({ type: 'session.signedIn', user: jordan });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(selectUser(actor.getSnapshot())).toEqual(jordan);
  });

  it('signs in from unauthenticated', async () => {
    const { actor } = start([new HttpishError(401)]);
    await settle();
    actor.send({ type: 'session.signedIn', user: jordan });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(selectUser(actor.getSnapshot())).toEqual(jordan);
  });

  it('a refresh from unauthenticated loads again', async () => {
    const { actor, calls } = start([new HttpishError(401), alex]);
    await settle();
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(calls.me).toBe(2);
    expect(actor.getSnapshot().value).toBe('authenticated');
  });

  describe('when authenticated', () => {
    it('a refresh that succeeds takes the new user', async () => {
      const { actor } = start([alex, { ...alex, name: 'Alex M.' }]);
      await settle();
      actor.send({ type: 'session.refresh' });
      expect(actor.getSnapshot().value).toBe('refreshing');
      expect(selectStatus(actor.getSnapshot())).toBe('authenticated');
      await settle();
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())?.name).toBe('Alex M.');
    });

    it('a refresh that fails temporarily stays authenticated with the user held', async () => {
      const { actor } = start([alex, new HttpishError(503)]);
      await settle();
      actor.send({ type: 'session.refresh' });
      await settle();
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(alex);
      expect(selectLastError(actor.getSnapshot())).toBe('HTTP 503');
    });

    it('a refresh answered 401 signs out', async () => {
      const { actor } = start([alex, new HttpishError(401)]);
      await settle();
      actor.send({ type: 'session.refresh' });
      await settle();
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      expect(selectUser(actor.getSnapshot())).toBeNull();
    });

    it('sign-out ends the server session, then clears the user', async () => {
      const { actor, calls } = start([alex]);
      await settle();
      actor.send({ type: 'session.signOut' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      await settle();
      expect(calls.logout).toBe(1);
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      expect(selectUser(actor.getSnapshot())).toBeNull();
    });

    it('sign-out clears the user even when the server call fails', async () => {
      const { actor } = start([alex], () => Promise.reject(new Error('offline')));
      await settle();
      actor.send({ type: 'session.signOut' });
      await settle();
      expect(actor.getSnapshot().value).toBe('unauthenticated');
    });

    it('sign-out and expiry also work in the middle of a refresh', async () => {
      const first = start([alex, alex]);
      await settle();
      first.actor.send({ type: 'session.refresh' });
      first.actor.send({ type: 'session.signOut' });
      expect(first.actor.getSnapshot().value).toBe('signingOut');

      const second = start([alex, alex]);
      await settle();
      second.actor.send({ type: 'session.refresh' });
      second.actor.send({ type: 'session.expired' });
      expect(second.actor.getSnapshot().value).toBe('unauthenticated');
    });

    it('an expired session (a 401 elsewhere) signs out', async () => {
      const { actor } = start([alex]);
      await settle();
      actor.send({ type: 'session.expired' });
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      expect(selectUser(actor.getSnapshot())).toBeNull();
    });

    it('takes profile changes and a fresh sign-in', async () => {
      const { actor } = start([alex]);
      await settle();
      actor.send({ type: 'session.userUpdated', user: { ...alex, language: 'fr' } });
      expect(selectUser(actor.getSnapshot())?.language).toBe('fr');
      actor.send({ type: 'session.signedIn', user: jordan });
      expect(selectUser(actor.getSnapshot())).toEqual(jordan);
      expect(actor.getSnapshot().value).toBe('authenticated');
    });
  });

  describe('setting the status directly', () => {
    it('to unauthenticated clears the user', async () => {
      const { actor } = start([alex]);
      await settle();
      actor.send({ type: 'session.setStatus', status: 'unauthenticated' });
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      expect(selectUser(actor.getSnapshot())).toBeNull();
    });

    it('to authenticated needs a user, given or held', async () => {
      const { actor } = start([new HttpishError(401)]);
      await settle();
      actor.send({ type: 'session.setStatus', status: 'authenticated' });
      expect(actor.getSnapshot().value).toBe('unauthenticated');
      actor.send({ type: 'session.setStatus', status: 'authenticated', user: jordan });
      expect(actor.getSnapshot().value).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(jordan);
    });

    it('to loading refreshes again, keeping the held user', async () => {
      const { actor, calls } = start([alex, alex]);
      await settle();
      actor.send({ type: 'session.setStatus', status: 'loading' });
      expect(actor.getSnapshot().value).toBe('loading');
      expect(selectUser(actor.getSnapshot())).toEqual(alex);
      await settle();
      expect(calls.me).toBe(2);
      expect(actor.getSnapshot().value).toBe('authenticated');
    });
  });
});
