import { z } from 'zod';

/** Building blocks for request schemas shared by several routers. */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** `?isClose=true|false|1|0` */
export const BooleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SlugParam = z.string().min(1).max(100).regex(/^[a-z0-9][a-z0-9_-]*$/);
