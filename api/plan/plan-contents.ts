import { z } from 'zod';
import type { PlanContents } from '../../shared/api/types.ts';

/**
 * The `plans.contents` column is JSON written by the operator (or the demo seed): read through a
 * schema so a malformed value shows as "not described yet" rather than breaking the page.
 */
const TextSchema = z.object({ ja: z.string().min(1).max(100), en: z.string().max(100).nullable().default(null) });

export const PlanContentsSchema = z.object({
  goodsCount: z.number().int().min(1).max(99),
  guaranteed: z.array(TextSchema).max(10).default([]),
  limitedCount: z.number().int().min(0).max(99).default(0),
});

export function toPlanContents(value: unknown): PlanContents | null {
  const parsed = PlanContentsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
