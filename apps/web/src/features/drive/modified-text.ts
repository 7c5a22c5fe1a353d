/*
 * "When an item changed" as a listing shows it: relative within a week ("3 minutes ago"), else the
 * locale's medium date. The same text next-intl's `format.relativeTime` and
 * `format.dateTime(date, { dateStyle: 'medium' })` give, with the `Intl` formatters built once per
 * locale and time zone: a listing formats a date for every row it shows while it scrolls, and
 * looking formatters up by their serialized options costs more than the formatting itself.
 */

const second = 1;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const week = 7 * day;
const month = day * (365 / 12);
const year = 365 * day;

type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const unitSeconds: Readonly<Record<RelativeUnit, number>> = {
  second,
  minute,
  hour,
  day,
  week,
  month,
  year,
};

/** The unit next-intl picks for a distance in seconds. */
function relativeUnit(seconds: number): RelativeUnit {
  const distance = Math.abs(seconds);
  if (distance < minute) {
    return 'second';
  }
  if (distance < hour) {
    return 'minute';
  }
  if (distance < day) {
    return 'hour';
  }
  if (distance < week) {
    return 'day';
  }
  if (distance < month) {
    return 'week';
  }
  if (distance < year) {
    return 'month';
  }
  return 'year';
}

/** How far back (or ahead) a date is still told relatively. */
const relativeWithinMs = 7 * 24 * 3600 * 1000;

/**
 * A function from an ISO time to its text in `locale` (dates in `timeZone`, the runtime's when
 * unset); an unreadable time gives ''. `now` is read on every call unless given.
 */
export function modifiedTextFormatter(
  locale: string,
  timeZone: string | undefined,
): (iso: string, now?: number) => string {
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  });
  // Within a second: "now"; otherwise always a number ("1 day ago", not "yesterday").
  const auto = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const always = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  return (iso, now = Date.now()) => {
    const time = new Date(iso).getTime();
    if (Number.isNaN(time)) {
      return '';
    }
    if (Math.abs(now - time) >= relativeWithinMs) {
      return date.format(time);
    }
    const seconds = (time - now) / 1000;
    const unit = relativeUnit(seconds);
    const value = Math.round(seconds / unitSeconds[unit]);
    return (unit === 'second' ? auto : always).format(value, unit);
  };
}
