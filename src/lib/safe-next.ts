/**
 * Where to go after sign-in: `next` when it is a same-site relative path, else the dashboard.
 * Never an open redirect: `//host`, `/\host`, schemes and anything not starting with one `/`
 * are refused.
 */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  try {
    const base = 'http://sideline.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return DEFAULT_AFTER_SIGN_IN;
    if (url.pathname === '/login' || url.pathname === '/register') return DEFAULT_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}
