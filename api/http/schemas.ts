import { z } from 'zod';

/** Building blocks for request schemas shared by several routers. */

const INT4_MAX = 2_147_483_647;

/**
 * A whole number written plainly in decimal within [min, max]: `16`, not `0x10`, `1e1`, ` 16`,
 * `-1` or blank. Anything else is the client's mistake (400), never a value PostgreSQL refuses
 * (500): the bound defaults to PostgreSQL's `integer`.
 */
export function plainInt(min: number, max = INT4_MAX) {
  return z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, 'a whole number in plain decimal')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `between ${min} and ${max}`);
}

/** A database id: `16`, not `0x10`, `1e1`, ` 16` or `0`. */
export const IdParam = plainInt(1);

/** `?isClose=true|false|1|0` */
export const BooleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SlugParam = z.string().min(1).max(100).regex(/^[a-z0-9][a-z0-9_-]*$/);
