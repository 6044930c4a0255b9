import { type CompanySetup, type SetupStep, setupSteps } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findSetupCounts, type SetupCounts } from './setup.repository.ts';

/** Each step's records, and whether they make it done (a count above 0, but for the look: see `web_config`). */
function stepState(step: SetupStep, counts: SetupCounts): { done: boolean; count: number } {
  switch (step) {
    case 'airport':
      return { done: counts.airports > 0, count: counts.airports };
    case 'car_park':
      return { done: counts.car_parks > 0, count: counts.car_parks };
    case 'bands':
      return { done: counts.bands > 0, count: counts.bands };
    case 'prices':
      return { done: counts.prices > 0, count: counts.prices };
    case 'users':
      return { done: counts.users > 0, count: counts.users };
    case 'web_config': {
      // Saved through the settings (each save is in the audit log), or a look of its own from before the log kept it
      // or from the first start (the demo's logo); so a pruned audit log does not open the step again.
      const count = Math.max(counts.web_config_saves, counts.web_config_customised ? 1 : 0);
      return { done: count > 0, count };
    }
  }
}

/** The company's setup checklist, computed from its records on each call (nothing is stored). */
export async function companySetup(db: Db, companyId: number): Promise<CompanySetup> {
  const counts = await findSetupCounts(db, companyId);
  if (!counts) throw notFound();
  const steps = setupSteps.map((step) => ({ step, ...stepState(step, counts) }));
  return { steps, done: steps.filter((step) => step.done).length, total: steps.length };
}
