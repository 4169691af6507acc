/**
 * The schedule generator's request body, read into the pure generator's inputs (docs/api.md,
 * "Schedule"): each field checked with a 400 that names it and what is wrong. The schema has
 * already checked types, unknown fields and the numbers of times and venues (schedule-schemas.ts).
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import {
  canonicalTimeZone,
  FIRST_YEAR,
  LAST_YEAR,
  parseDate,
  parseTime,
  WEEKDAYS,
  type KickoffPattern,
  type Weekday,
} from '../../league/kickoffs.js';
import type { Rounds } from '../../league/schedule.js';

/** The body of `POST /leagues/:id/schedule/preview`; `PUT /leagues/:id/schedule` adds `revision`. */
export interface ScheduleRequest {
  rounds: number;
  first_date: string;
  weekday?: string;
  times: string[];
  venues: string[];
  time_zone?: string;
  seed?: number;
}

export interface ScheduleInput {
  rounds: Rounds;
  seed: number | null;
  pattern: KickoffPattern;
}

function requireDistinct(values: readonly string[], field: string): void {
  values.forEach((value, i) => {
    if (values.indexOf(value) !== i) throw new HttpError(400, `${field}/${i} '${value}' is listed twice`);
  });
}

/** Reads the body, or a 400 naming the first field that is wrong. */
export function readScheduleRequest(body: ScheduleRequest, defaultTimeZone: string): ScheduleInput {
  if (body.rounds !== 1 && body.rounds !== 2)
    throw new HttpError(
      400,
      `body/rounds must be 1 (a single round robin) or 2 (a double round robin, home and away); got ${body.rounds}`,
    );
  if (parseDate(body.first_date) === null)
    throw new HttpError(
      400,
      `body/first_date '${body.first_date}' is not a date such as 2026-03-14 (YYYY-MM-DD, a real day from ${FIRST_YEAR} to ${LAST_YEAR})`,
    );
  if (body.weekday !== undefined && !WEEKDAYS.includes(body.weekday as Weekday))
    throw new HttpError(400, `body/weekday must be one of ${WEEKDAYS.join(', ')}; got '${body.weekday}'`);
  body.times.forEach((time, i) => {
    if (parseTime(time) === null)
      throw new HttpError(400, `body/times/${i} '${time}' is not a time of day such as 14:30 (HH:MM, 00:00 to 23:59)`);
  });
  requireDistinct(body.times, 'body/times');
  const venues = body.venues.map((venue, i) => requireText(venue, `body/venues/${i}`, TEXT_RULES.venue));
  requireDistinct(venues, 'body/venues');
  const zone = body.time_zone === undefined ? defaultTimeZone : canonicalTimeZone(body.time_zone);
  if (zone === null)
    throw new HttpError(
      400,
      `body/time_zone '${body.time_zone}' is not a known IANA time zone such as Europe/London or America/New_York`,
    );
  return {
    rounds: body.rounds,
    seed: body.seed ?? null,
    pattern: {
      firstDate: body.first_date,
      ...(body.weekday === undefined ? {} : { weekday: body.weekday as Weekday }),
      times: body.times,
      venues,
      timeZone: zone,
    },
  };
}
