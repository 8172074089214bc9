import { ensureTemplate } from '../../api/db/database-template.ts';

/**
 * Every new embedded database of a run (each test file's, each spawned shop's) starts from the
 * migrated template: made here once if this machine has none, before files start at once and
 * would each make their own.
 */
export default async function databaseTemplateOnce(): Promise<void> {
  await ensureTemplate();
}
