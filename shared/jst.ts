/**
 * Tokyo time without a time-zone library: Japan has kept UTC+09:00 all year since 1951 (no daylight
 * saving time), so a JST wall clock is the instant shifted by nine hours and read in UTC. The
 * catalogue pages used date-fns-tz for this, about 29 KB of script on every page (issue 21).
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** A clock time followed by `Z` or an offset (a bare date such as `2026-12-01` has none). */
const HAS_OFFSET = /[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d(?::?\d\d)?)$/i;

export interface JstParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The instant of a Date or an ISO string. A string without an offset is a Tokyo wall time, as
 * date-fns-tz's `formatInTimeZone` reads it; an invalid one throws its RangeError.
 */
function instantOf(value: string | Date): number {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (HAS_OFFSET.test(value)) ms = Date.parse(value);
  else ms = Date.parse(`${value.includes('T') ? value : `${value}T00:00:00`}Z`) - JST_OFFSET_MS;
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  return ms;
}

/** The Tokyo calendar date and clock time of an instant. */
export function jstParts(value: string | Date): JstParts {
  const wall = new Date(instantOf(value) + JST_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** Two digits: `07`. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** The instant a Tokyo calendar day starts at (`month` 1–12; days and months past the end roll over, as Date.UTC does). */
export function jstDayStartOf(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - JST_OFFSET_MS);
}
