/**
 * `sync` runs every name the service lists, not ours (docs/names.md): a dataset that asks one request
 * per name of a catalogue (coding: one history per product) is given the service's catalogue (cached a
 * day, src/run/names.ts) as its names, so a product the service adds is synced without a release.
 * When the catalogue cannot be read, the offline list is synced, and a line on stderr says so.
 */
import type { Context } from '../context.js';
import { resolveTargets } from '../run/targets.js';
import { serviceCatalogue } from '../run/names.js';
import type { RunSettings, Session } from '../run/session.js';
import type { LakeDataset } from './lake-datasets.js';

/** True when the dataset's run over no names asks one request per name of its catalogue. */
function enumerates(d: LakeDataset): boolean {
  if (d.ds.names === undefined || d.args.length > 0) return false;
  try {
    return resolveTargets(d.ds, [], d.flags, true).filter((t) => t !== undefined).length > 1;
  } catch {
    return false;
  }
}

/** The lake's datasets, each that enumerates a catalogue given the service's names as its arguments. */
export async function withServiceNames(
  ctx: Context,
  lake: readonly LakeDataset[],
  settings: RunSettings,
  session?: Session,
): Promise<LakeDataset[]> {
  const out: LakeDataset[] = [];
  for (const d of lake) {
    const catalogue = d.ds.names;
    // A dry run sends nothing: it plans the offline list.
    if (catalogue === undefined || ctx.globals().dryRun || !enumerates(d)) {
      out.push(d);
      continue;
    }
    try {
      const ids = (await serviceCatalogue(ctx, catalogue, settings, session)).map((e) => e.id);
      out.push(ids.length > 0 ? { ...d, args: ids } : d);
    } catch (err) {
      ctx.log.warn(
        `${d.name}: the service's list could not be read (${err instanceof Error ? err.message : String(err)}); syncing the offline list`,
      );
      out.push(d);
    }
  }
  return out;
}
