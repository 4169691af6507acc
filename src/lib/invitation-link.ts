/**
 * An invitation as a member pastes it: the whole link (`https://…/join/<token>`, with or without
 * a query or a trailing slash), the path (`/join/<token>`) or the token alone. The token is 32
 * random bytes in base64url: 43 characters of A–Z a–z 0–9 _ -.
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const IN_PATH = /(?:^|\/)join\/([A-Za-z0-9_-]{43})\/?$/;

/** The token in `input`, or null when it holds none. */
export function invitationToken(input: string): string | null {
  const text = input.trim();
  if (TOKEN.test(text)) return text;
  let path = text;
  try {
    path = new URL(text).pathname;
  } catch {
    path = text.replace(/[?#].*$/, '');
  }
  return IN_PATH.exec(path)?.[1] ?? null;
}

/** The app's address of the invitation page. */
export const joinPath = (token: string) => `/join/${token}`;
