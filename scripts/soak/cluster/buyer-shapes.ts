import { z } from 'zod';

/**
 * The parts of the API's answers (shared/api/types.ts) the buyers read, parsed rather than cast:
 * an answer of another shape (a proxy's error page, a truncated body) is no answer.
 */
const Id = z.number().int();

export const ArtistList = z.array(z.object({ slug: z.string(), isClose: z.boolean() }));

export const ArtistPlans = z.object({
  plans: z.array(z.object({ id: Id, artistId: Id, currentOrder: z.object({ id: Id }).nullable() })),
});

export const MyPlans = z.array(z.object({
  id: Id,
  count: Id,
  paused: z.boolean(),
  plan: z.object({ id: Id, artistId: Id }),
  artist: z.object({ slug: z.string() }),
}));
export type MyPlan = z.infer<typeof MyPlans>[number];

export const Created = z.object({ userPlan: z.object({ id: Id }), appliesFrom: z.object({ order: z.object({ id: Id }).nullable() }) });

export const MyHistory = z.array(z.object({ id: Id, order: z.object({ id: Id }), plan: z.object({ id: Id }), paymentStatus: z.string() }));

/** The parsed body of a 200/201 answer, or null. */
export function parsed<T>(schema: z.ZodType<T>, answer: { status: number; body: unknown } | null): T | null {
  if (!answer || answer.status < 200 || answer.status > 299) return null;
  const result = schema.safeParse(answer.body);
  return result.success ? result.data : null;
}
