/** `config list`'s second table: the profiles of the config file, the one in use marked `*` (as kubectl marks the current context). */
import type { Row } from '../../domain/row.js';

/** One row per profile of the file (plus the active one when the file lacks it), `ACTIVE` `*` for the one in use. */
export async function profileRows(configPath: string, active: string): Promise<Row[]> {
  const { readConfig } = await import('../../config/store.js');
  const file = await readConfig(configPath).catch(() => undefined);
  const names = Object.keys(file?.profiles ?? {});
  if (!names.includes(active)) names.push(active);
  return names.map((name) => ({ PROFILE: name, ACTIVE: name === active ? '*' : '' }));
}
