import { z } from 'zod';

/** Building blocks for request schemas shared by several routers. */
/** A database id written plainly in decimal: `16`, not `0x10`, `1e1` or ` 16`. */
export const IdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'too large');

/** `?isClose=true|false|1|0` */
export const BooleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SlugParam = z.string().min(1).max(100).regex(/^[a-z0-9][a-z0-9_-]*$/);
