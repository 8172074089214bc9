import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { lookupZip } from './zip.service.ts';

/** 7 half-width digits only (docs/spec.md §5): converting full-width digits or dropping a hyphen is the form's job. */
const ZipParams = z.strictObject({ zip: z.string().regex(/^[0-9]{7}$/, { error: 'zipFormat' }) });
const NoQuery = z.strictObject({});

export function zipRouter(_ctx: ApiContext): Router {
  const router = Router();
  router.get('/:zip', (req, res) => {
    const { zip } = parseInput(ZipParams, req.params, 'path');
    parseInput(NoQuery, req.query, 'query');
    // Japan Post data changes a few times a year: a day of caching is safe.
    res.set('cache-control', 'public, max-age=86400').json(lookupZip(zip));
  });
  return router;
}
