/**
 * `sync` runs every name the service lists, not ours (docs/names.md): a dataset that asks one request
 * per name of a catalogue (coding: one history per product) is given the service's catalogue (cached a
 * day, src/run/names.ts) as its names, so a product the service adds is synced without a release.
 * A dataset over every GPU model (`all`) is given the models of GET /api/gpu-types the same way. Each
 * catalogue is read once per sync. When it cannot be read, the offline list is synced, and a line on
 * stderr says so (once per dataset).
 */
import type { Context } from '../context.js';
import { catalogueOf, requestTargets } from '../run/targets.js';
import type { NameCatalogueId } from '../domain/catalogues/name-catalogues.js';
import { serviceCatalogue } from '../run/names.js';
import type { RunSettings, Session } from '../run/session.js';
import { lakeRequest, type LakeDataset } from './lake-datasets.js';

/**
 * True when the dataset's run over `all` models asks one request per model (history: one per model;
 * not latest, whose `all` is one request that answers for every model the service has).
 */
function everyModel(d: LakeDataset): boolean {
  if (d.args.length !== 1 || d.args[0]?.toLowerCase() !== 'all') return false;
  try {
    return requestTargets(lakeRequest(d), true).filter((t) => t !== undefined).length > 1;
  } catch {
    return false;
  }
}

/** True when the dataset's run over no names asks one request per name of its catalogue. */
function enumerates(d: LakeDataset): boolean {
  if (catalogueOf(d.ds) === 'gpu-types') return everyModel(d);
  if (d.ds.names === undefined || d.args.length > 0) return false;
  try {
    return requestTargets(lakeRequest(d, []), true).filter((t) => t !== undefined).length > 1;
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
  // Each catalogue is read once per sync, however many datasets run its names (GPU models: most).
  const read = new Map<NameCatalogueId, Promise<string[]>>();
  const unread = new Set<NameCatalogueId>();
  // Without a key the free tier's models are synced (sync/targets.ts): the offline list says which.
  const keyless = settings.apiKey === undefined && !ctx.globals().sandbox;
  for (const d of lake) {
    const catalogue = catalogueOf(d.ds);
    // A dry run sends nothing: it plans the offline list.
    if (catalogue === undefined || ctx.globals().dryRun || (catalogue === 'gpu-types' && keyless) || !enumerates(d)) {
      out.push(d);
      continue;
    }
    try {
      let ids = read.get(catalogue);
      if (ids === undefined) {
        ids = serviceCatalogue(ctx, catalogue, settings, session).then((entries) => entries.map((e) => e.id));
        read.set(catalogue, ids);
      }
      const names = await ids;
      out.push(names.length > 0 ? { ...d, args: names } : d);
    } catch (err) {
      // Said once per catalogue, naming the datasets that sync the offline list instead.
      if (!unread.has(catalogue)) {
        const datasets = lake.filter((l) => catalogueOf(l.ds) === catalogue && enumerates(l)).map((l) => l.name);
        ctx.log.warn(
          `${datasets.join(', ')}: the service's list could not be read (${err instanceof Error ? err.message : String(err)}); syncing the offline list`,
        );
        unread.add(catalogue);
      }
      out.push(d);
    }
  }
  return out;
}
