import { jstParts, pad2 } from '../../../shared/jst.ts';

/** `datetime-local` speaks the shop's time, Japan's: the form's value and the API's ISO instant. */
export function toJstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const { year, month, day, hour, minute } = jstParts(iso);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hour)}:${pad2(minute)}`;
}
export const fromJstInput = (value: string | undefined) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value ?? '') ? `${value}:00+09:00` : value ?? '');
