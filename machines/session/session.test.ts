import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
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
  const run = machineTest(machine);
  return { run, calls };
}

describe('session machine', () => {
  it('starts loading and refreshes once at start: success → authenticated with the user', async () => {
    const { run, calls } = start([alex]);
    run.expectSelected(selectStatus, 'loading');
    (await run.settle()).expectPaths('authenticated').expectSelected(selectUser, alex);
    expect(calls.me).toBe(1);
  });

  it('401 → unauthenticated with the user cleared', async () => {
    const { run } = start([new HttpishError(401)]);
    (await run.settle()).expectPaths('unauthenticated').expectSelected(selectUser, null);
  });

  it('another failure while loading stays loading and retries with backoff', async () => {
    const { run, calls } = start([new HttpishError(500), new Error('timeout'), alex]);
    (await run.settle())
      .expectPaths('retrying')
      .expectSelected(selectStatus, 'loading')
      .expectSelected(selectLastError, 'HTTP 500')
      .advance(RETRY_BASE_MS - 1);
    await run.settle();
    expect(calls.me).toBe(1);
    run.advance(1);
    await run.settle();
    expect(calls.me).toBe(2);
    run.expectPaths('retrying');
    expect(run.snapshot().context.failures).toBe(2);
    run.advance(RETRY_BASE_MS * 2);
    await run.settle();
    expect(calls.me).toBe(3);
    run.expectPaths('authenticated');
    expect(run.snapshot().context).toMatchObject({ failures: 0, lastError: null });
  });

  it('retries at once when the browser comes back online, or on refresh', async () => {
    const { run, calls } = start([new Error('offline'), new Error('offline'), alex]);
    (await run.settle()).send({ type: 'network.online' });
    await run.settle();
    expect(calls.me).toBe(2);
    run.expectPaths('retrying').send({ type: 'session.refresh' });
    await run.settle();
    expect(calls.me).toBe(3);
    run.expectPaths('authenticated');
  });

  it('a sign-in while retrying is taken at once', async () => {
    const { run } = start([new Error('down')]);
    (await run.settle())
      .send({ type: 'session.signedIn', user: jordan })
      .expectPaths('authenticated')
      .expectSelected(selectUser, jordan);
  });

  it('signs in from unauthenticated', async () => {
    const { run } = start([new HttpishError(401)]);
    (await run.settle())
      .send({ type: 'session.signedIn', user: jordan })
      .expectPaths('authenticated')
      .expectSelected(selectUser, jordan);
  });

  it('a refresh from unauthenticated loads again', async () => {
    const { run, calls } = start([new HttpishError(401), alex]);
    (await run.settle()).send({ type: 'session.refresh' }).expectPaths('loading');
    await run.settle();
    expect(calls.me).toBe(2);
    run.expectPaths('authenticated');
  });

  describe('when authenticated', () => {
    it('a refresh that succeeds takes the new user', async () => {
      const { run } = start([alex, { ...alex, name: 'Alex M.' }]);
      (await run.settle())
        .send({ type: 'session.refresh' })
        .expectPaths('refreshing')
        .expectSelected(selectStatus, 'authenticated');
      (await run.settle()).expectPaths('authenticated');
      expect(selectUser(run.snapshot())?.name).toBe('Alex M.');
    });

    it('a refresh that fails temporarily stays authenticated with the user held', async () => {
      const { run } = start([alex, new HttpishError(503)]);
      (await run.settle()).send({ type: 'session.refresh' });
      (await run.settle())
        .expectPaths('authenticated')
        .expectSelected(selectUser, alex)
        .expectSelected(selectLastError, 'HTTP 503');
    });

    it('a refresh answered 401 signs out', async () => {
      const { run } = start([alex, new HttpishError(401)]);
      (await run.settle()).send({ type: 'session.refresh' });
      (await run.settle()).expectPaths('unauthenticated').expectSelected(selectUser, null);
    });

    it('sign-out ends the server session, then clears the user', async () => {
      const { run, calls } = start([alex]);
      (await run.settle()).send({ type: 'session.signOut' }).expectPaths('signingOut');
      await run.settle();
      expect(calls.logout).toBe(1);
      run.expectPaths('unauthenticated').expectSelected(selectUser, null);
    });

    it('sign-out clears the user even when the server call fails', async () => {
      const { run } = start([alex], () => Promise.reject(new Error('offline')));
      (await run.settle()).send({ type: 'session.signOut' });
      (await run.settle()).expectPaths('unauthenticated');
    });

    it('sign-out and expiry also work in the middle of a refresh', async () => {
      const first = start([alex, alex]).run;
      (await first.settle()).send({ type: 'session.refresh' }, { type: 'session.signOut' }).expectPaths('signingOut');

      const second = start([alex, alex]).run;
      (await second.settle()).send({ type: 'session.refresh' }, { type: 'session.expired' });
      second.expectPaths('unauthenticated');
    });

    it('an expired session (a 401 elsewhere) signs out', async () => {
      const { run } = start([alex]);
      (await run.settle())
        .send({ type: 'session.expired' })
        .expectPaths('unauthenticated')
        .expectSelected(selectUser, null);
    });

    it('takes profile changes and a fresh sign-in', async () => {
      const { run } = start([alex]);
      (await run.settle()).send({ type: 'session.userUpdated', user: { ...alex, language: 'fr' } });
      expect(selectUser(run.snapshot())?.language).toBe('fr');
      run
        .send({ type: 'session.signedIn', user: jordan })
        .expectSelected(selectUser, jordan)
        .expectPaths('authenticated');
    });
  });

  describe('setting the status directly', () => {
    it('to unauthenticated clears the user', async () => {
      const { run } = start([alex]);
      (await run.settle())
        .send({ type: 'session.setStatus', status: 'unauthenticated' })
        .expectPaths('unauthenticated')
        .expectSelected(selectUser, null);
    });

    it('to authenticated needs a user, given or held', async () => {
      const { run } = start([new HttpishError(401)]);
      (await run.settle())
        .send({ type: 'session.setStatus', status: 'authenticated' })
        .expectPaths('unauthenticated')
        .send({ type: 'session.setStatus', status: 'authenticated', user: jordan })
        .expectPaths('authenticated')
        .expectSelected(selectUser, jordan);
    });

    it('to loading refreshes again, keeping the held user', async () => {
      const { run, calls } = start([alex, alex]);
      (await run.settle())
        .send({ type: 'session.setStatus', status: 'loading' })
        .expectPaths('loading')
        .expectSelected(selectUser, alex);
      await run.settle();
      expect(calls.me).toBe(2);
      run.expectPaths('authenticated');
    });
  });
});
