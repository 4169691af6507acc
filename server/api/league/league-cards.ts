/**
 * The league in the chat (docs/decisions/0011): each recorded result, transfer and fixture change
 * is posted to the league's channel as the member who made it, with one `league_card`
 * attachment. The text is English and reads well on its own, because one message is shared by
 * members of every language; the card's structured fields let a chat UI render it in the
 * reader's language. A chat failure never undoes the change: it is logged and skipped.
 */
import type { FastifyBaseLogger } from 'fastify';
import { chatFailure, type ChatDirectory } from '../chat/chat-users.js';
import type { TeamRef, TransferView } from './league-view.js';
import type { FixtureChange, FixtureView } from './league-writes.js';

export type CardKind = 'result' | 'transfer' | 'fixture';

export interface LeagueCard {
  /** The message text: the title and the text in one line. */
  message: string;
  attachment: {
    type: 'league_card';
    kind: CardKind;
    title: string;
    text: string;
    /** The app screen the card opens. */
    title_link: string;
    league_id: number;
    [field: string]: unknown;
  };
}

const team = (ref: TeamRef | null) => (ref ? { id: ref.id, name: ref.name } : null);

function card(kind: CardKind, leagueId: number, title: string, text: string, link: string, fields: object): LeagueCard {
  return {
    message: `${title}: ${text}`,
    attachment: { type: 'league_card', kind, title, text, title_link: link, league_id: leagueId, ...fields },
  };
}

function fixtureFields(fixture: FixtureView) {
  return { fixture_id: fixture.id, week: fixture.week, home: team(fixture.home), away: team(fixture.away) };
}

/** A fixture card's fields: what changed and where and when the fixture is now. */
function scheduleFields(fixture: FixtureView, changes: string[]) {
  return {
    ...fixtureFields(fixture),
    changes,
    status: fixture.status,
    kickoff_at: fixture.kickoff_at,
    venue: fixture.venue,
    referee_name: fixture.referee_name,
  };
}

export function resultCard(fixture: FixtureView, corrected: boolean): LeagueCard {
  const score = { home: fixture.home_score, away: fixture.away_score };
  return card(
    'result',
    fixture.league_id,
    `${corrected ? 'Corrected result' : 'Result'}, week ${fixture.week}`,
    `${fixture.home.name} ${score.home}–${score.away} ${fixture.away.name}`,
    `/league?week=${fixture.week}`,
    { ...fixtureFields(fixture), score, corrected },
  );
}

/**
 * A result the commissioner set (decision 0031): the text says it was awarded and why, so the card
 * reads right in any chat UI, even one that shows only the message text.
 */
export function awardCard(fixture: FixtureView): LeagueCard {
  const score = { home: fixture.home_score, away: fixture.away_score };
  return card(
    'result',
    fixture.league_id,
    `Awarded result, week ${fixture.week}`,
    `${fixture.home.name} ${score.home}–${score.away} ${fixture.away.name}, awarded by the commissioner: ${fixture.awarded_reason}`,
    `/league?week=${fixture.week}`,
    { ...fixtureFields(fixture), score, corrected: false, awarded: true, awarded_reason: fixture.awarded_reason },
  );
}

/** The award taken back: the fixture is scheduled again, without a score. */
export function awardWithdrawnCard(fixture: FixtureView): LeagueCard {
  return card(
    'fixture',
    fixture.league_id,
    `Award withdrawn, week ${fixture.week}`,
    `${fixture.home.name} – ${fixture.away.name} has no result again and is back on the schedule`,
    `/league?week=${fixture.week}`,
    scheduleFields(fixture, ['status']),
  );
}

export function transferCard(leagueId: number, transfer: TransferView): LeagueCard {
  const { player, from_team: from, to_team: to } = transfer;
  const text =
    transfer.kind === 'moved'
      ? `${player.name} moves from ${from!.name} to ${to!.name}`
      : transfer.kind === 'registered'
        ? `${player.name} joins ${to!.name}`
        : `${player.name} leaves ${from!.name}`;
  return card('transfer', leagueId, 'Transfer', text, `/roster/${(to ?? from)!.id}`, {
    transfer_id: transfer.id,
    transfer_kind: transfer.kind,
    player: { id: player.id, name: player.name },
    from_team: team(from),
    to_team: team(to),
  });
}

/** Kick-off in one unambiguous English form; the card's `kickoff_at` carries the exact time. */
export function kickoffText(iso: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(iso));
  return `${formatted} UTC`;
}

function describeChange(change: FixtureChange): string {
  switch (change.field) {
    case 'status':
      return change.value === 'postponed' ? 'is postponed' : 'is back on the schedule';
    case 'kickoff_at':
      return `now kicks off ${kickoffText(change.value)}`;
    case 'venue':
      return `moves to ${change.value}`;
    case 'referee_name':
      return `has a new referee: ${change.value}`;
  }
}

export function fixtureCard(fixture: FixtureView, changes: FixtureChange[]): LeagueCard {
  return card(
    'fixture',
    fixture.league_id,
    `Fixture change, week ${fixture.week}`,
    `${fixture.home.name} – ${fixture.away.name} ${changes.map(describeChange).join('; ')}`,
    `/league?week=${fixture.week}`,
    scheduleFields(
      fixture,
      changes.map((c) => c.field),
    ),
  );
}

export class LeagueCards {
  constructor(
    private readonly chat: ChatDirectory,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Posts the card to `channel` (`type:id`; nothing when null) as `userId`; never throws. */
  async post(channel: string | null, userId: number, leagueCard: LeagueCard): Promise<void> {
    if (!channel) return;
    const split = channel.indexOf(':');
    const kind = leagueCard.attachment.kind;
    if (split < 1 || split === channel.length - 1) {
      this.log.warn(`Chat: the league's channel '${channel}' is not type:id; the ${kind} card was not posted`);
      return;
    }
    try {
      await this.chat
        .client()
        .channel(channel.slice(0, split), channel.slice(split + 1))
        .sendMessage(
          {
            text: leagueCard.message,
            user_id: String(userId),
            // Chat UIs follow only http(s) links: the card's screen as the app's full address.
            attachments: [
              { ...leagueCard.attachment, title_link: this.chat.absoluteUrl(leagueCard.attachment.title_link) },
            ],
          },
          { skip_enrich_url: true },
        );
    } catch (error) {
      this.log.warn(
        `Chat: could not post the ${kind} card to ${channel} (${chatFailure(error)}); the change itself is saved`,
      );
    }
  }
}
