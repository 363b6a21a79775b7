/**
 * The revisit window of a synced series (docs/point-in-time.md): the trailing days the service is known
 * to revise after it first published them, which every sync asks for again so that a settlement, a
 * restatement or a late row is seen as a new version rather than missed. The reasons are the service's
 * own documentation; where it gives no number of days, the number is gpumkt's choice and says so.
 */
import { addDays, type DateWindow } from '../domain/time/dates.js';
import type { AnyDataset, Revisit } from './types.js';

/**
 * Every series' floor: the latest day is provisional until it settles (the GPU index prints hourly and
 * settles daily; the other series settle a day's values after it), so a sync asks for yesterday again.
 */
export const PROVISIONAL_REVISIT: Revisit = {
  days: 1,
  why: 'the latest day is provisional until it settles ("hourly prints, daily settlement"): yesterday is asked again',
};

/** The revisit window a sync of `command` (the registry entry; its `sync.revisit`, else the provisional day) asks again. */
export function revisitOf(command: AnyDataset): Revisit {
  return command.sync?.revisit ?? PROVISIONAL_REVISIT;
}

/**
 * The days a sync on `today` asks again: the revisit's trailing days counted back from the day of the
 * previous sync (`last`; a day still being revised then may have moved since, however long ago that
 * was), through today, never before the first day the lake holds (`first`); with `all` every day from
 * `first`. None when nothing is held yet (a first sync asks for everything anyway).
 */
export function revisitWindow(revisit: Revisit, today: string, first?: string, last: string = today): DateWindow | undefined {
  if (first === undefined || first > today) return undefined;
  if (revisit.days === 'all') return { from: first, to: today };
  const from = addDays(last < today ? last : today, -revisit.days);
  return { from: from < first ? first : from, to: today };
}
