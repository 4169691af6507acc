/**
 * The member a moderation command names: `@Name rest…` or `@id rest…` against the channel's
 * members (by id or name, case-insensitive, the longest match winning, as the service resolves
 * it), and the rest (a ban's reason). The sandbox resolves the same way (server/chat-sandbox/
 * commands.ts `resolveTarget`); the browser may not import server code, so the rule is written twice.
 */
import type { UserResponse } from 'stream-chat';

export function commandTarget(
  args: string,
  members: Record<string, UserResponse | undefined>,
): { name: string; rest: string } | null {
  const text = args.trim().replace(/^@/, '');
  const lower = text.toLowerCase();
  let best: { name: string; length: number } | null = null;
  for (const user of Object.values(members)) {
    if (!user) continue;
    for (const key of [user.id, user.name]) {
      if (!key) continue;
      const candidate = key.toLowerCase();
      if (!lower.startsWith(candidate)) continue;
      const next = text.charAt(candidate.length);
      if (next !== '' && !/\s/.test(next)) continue;
      if (!best || candidate.length > best.length) best = { name: user.name || user.id, length: candidate.length };
    }
  }
  return best ? { name: best.name, rest: text.slice(best.length).trim() } : null;
}
