/**
 * The seam through which others follow league membership (docs/decisions/0034): after a member
 * joins, leaves, is removed, or has their role or team changed, and after that change is
 * committed, every listener hears of it once. The chat's channel membership plugs in here; with no
 * listener nothing happens. A listener that fails is logged and never fails or undoes the change,
 * which is already committed: a listener that must not lose a change records it durably itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LeagueRole } from '../../db/schema.js';

export interface MembershipChange {
  leagueId: number;
  userId: number;
  /** `role_changed` covers a change of team too. */
  kind: 'joined' | 'left' | 'role_changed';
  /** The member's role and team now; for `left`, the ones they had. */
  role: LeagueRole;
  teamId: number | null;
  /** For `role_changed`, the role and team before. */
  previous: { role: LeagueRole; teamId: number | null } | null;
}

export interface LeagueMembershipEvents {
  changed(change: MembershipChange): Promise<void>;
}

export type MembershipListener = (change: MembershipChange) => Promise<void> | void;

/** The listeners of one app, in the order they were added; none by default. */
export class MembershipEventHub implements LeagueMembershipEvents {
  private readonly listeners = new Set<MembershipListener>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Adds a listener; the returned function removes it. */
  listen(listener: MembershipListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async changed(change: MembershipChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (err) {
        this.log?.warn({ err, change }, 'a league membership listener failed');
      }
    }
  }
}
