/** The session machine's real I/O: the product API's /auth/me and /auth/logout. */
import { fromPromise } from 'xstate';
import { api } from '../api-client';
import type { SessionUser as MachineUser } from '../../../machines/session/session.types';
import type { SessionUser } from '../user';

export const sessionActors = {
  fetchCurrentUser: fromPromise<MachineUser>(() =>
    api.get<SessionUser>('/auth/me', { cacheBust: true, skipAuthRedirect: true }),
  ),
  endServerSession: fromPromise<void>(() => api.logout()),
};
