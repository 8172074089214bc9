import { formatInTimeZone } from 'date-fns-tz';
import { SHOP_TIME_ZONE } from '../../../shared/format.ts';

/** `datetime-local` speaks the shop's time, Japan's: the form's value and the API's ISO instant. */
export const toJstInput = (iso: string | null | undefined) => (iso ? formatInTimeZone(iso, SHOP_TIME_ZONE, "yyyy-MM-dd'T'HH:mm") : '');
export const fromJstInput = (value: string | undefined) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value ?? '') ? `${value}:00+09:00` : value ?? '');
