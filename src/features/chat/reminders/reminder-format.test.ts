import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../../machines/reminder/reminder.machine';
import { fromLocalInputValue, relativeDue, toLocalInputValue } from './reminder-format';

describe('relativeDue', () => {
  it('speaks in the unit of the refresh band, both sides of the due time', () => {
    expect(relativeDue(2 * MINUTE_MS - 200, 'en')).toBe('in 2 minutes');
    expect(relativeDue(-3 * MINUTE_MS, 'en')).toBe('3 minutes ago');
    expect(relativeDue(45 * SECOND_MS, 'en')).toBe('in 45 seconds');
    expect(relativeDue(-SECOND_MS / 2, 'en')).toBe('1 second ago');
    expect(relativeDue(8 * HOUR_MS, 'en')).toBe('in 8 hours');
    expect(relativeDue(DAY_MS, 'en')).toBe('in 1 day');
    expect(relativeDue(-3 * DAY_MS, 'de')).toBe('vor 3 Tagen');
  });
});

describe('datetime-local values', () => {
  it('round-trips a minute in local time and refuses what is not a date and time', () => {
    const time = new Date(2031, 4, 6, 7, 8).getTime();
    expect(toLocalInputValue(time)).toBe('2031-05-06T07:08');
    expect(fromLocalInputValue('2031-05-06T07:08')).toBe(time);
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
  });
});
