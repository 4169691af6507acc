/** The signed-in user as `GET /api/auth/me` returns it (a type-only contract with the server). */
import type { UserView } from '../../server/api/users/user-view';

export type SessionUser = UserView & { token: string };
