/** The schedule generator's form: the pattern's values, their rules and the request body. */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { LeagueDetail } from '../../lib/league-client';
import type { ScheduleBody } from '../../lib/league-setup-client';
import { policyText } from '../../lib/text-schema';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export interface ScheduleValues {
  rounds: '1' | '2';
  /** `YYYY-MM-DD`. */
  first_date: string;
  /** A weekday, or '' for the first date's own. */
  weekday: '' | (typeof WEEKDAYS)[number];
  times: string[];
  venues: string[];
}

export const scheduleValues = (league: LeagueDetail): ScheduleValues => ({
  rounds: '1',
  first_date: league.first_match_date ?? '',
  weekday: '',
  times: ['14:00'],
  venues: [''],
});

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** No value twice (compared as the server compares them, trimmed). */
const distinct = (values: (string | undefined)[] | undefined) => {
  const seen = (values ?? []).map((value) => (value ?? '').trim());
  return seen.every((value, i) => seen.indexOf(value) === i);
};

export function scheduleSchema(t: TFunction) {
  return yup.object({
    first_date: yup
      .string()
      .required(t('admin.schedule.dateRequired'))
      .test('date', t('admin.settings.dateInvalid'), (value) => DATE.test(value) && !Number.isNaN(Date.parse(value))),
    times: yup
      .array(yup.string().required(t('admin.schedule.timeInvalid')).matches(TIME, t('admin.schedule.timeInvalid')))
      .min(1, t('admin.schedule.timeRequired'))
      .test('distinct', t('admin.schedule.timeTwice'), distinct),
    venues: yup
      .array(
        policyText(t, TEXT_RULES.venue, {
          empty: t('admin.schedule.venueRequired'),
          tooLong: t('admin.settings.tooLong', { max: TEXT_RULES.venue.max }),
        }),
      )
      .min(1, t('admin.schedule.venueRequired'))
      .test('distinct', t('admin.schedule.venueTwice'), distinct),
  });
}

export function scheduleBody(values: ScheduleValues, league: LeagueDetail): ScheduleBody {
  return {
    rounds: values.rounds === '2' ? 2 : 1,
    first_date: values.first_date,
    ...(values.weekday ? { weekday: values.weekday } : {}),
    times: values.times,
    venues: values.venues.map((venue) => venue.trim()),
    time_zone: league.time_zone,
  };
}
