/**
 * `gpumkt config get|set|unset defaultProfile`: the one file-level setting (README: Configuration). It
 * lives beside the profiles, not in one, so it is handled apart from the per-profile keys.
 */
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/** How the key is written in the file and in README; `default-profile` is accepted too. */
export const DEFAULT_PROFILE_KEY = 'defaultProfile';

/** True when a typed key names the file's default profile. */
export function isDefaultProfileKey(input: string): boolean {
  const k = input.trim().toLowerCase();
  return k === 'defaultprofile' || k === 'default-profile';
}

/** Runs one of get/set/unset on the file's defaultProfile. */
export async function defaultProfileCommand(ctx: Context, verb: 'get' | 'set' | 'unset', value?: string): Promise<void> {
  const { settingsPath } = await import('../../config/resolve.js');
  const { readConfig, writeConfig } = await import('../../config/store.js');
  const path = settingsPath(ctx.globals(), ctx.env);
  const file = await readConfig(path);
  const say = (line: string): void => void (ctx.globals().quiet ? undefined : ctx.io.stderr.write(`${line}\n`));
  if (verb === 'get') return void ctx.io.stdout.write(`${file?.defaultProfile ?? 'default'}\n`);
  if (verb === 'unset') {
    if (file?.defaultProfile === undefined) return say(`${DEFAULT_PROFILE_KEY} is not set in ${path}`);
    const { defaultProfile: _removed, ...rest } = file;
    await writeConfig(path, rest);
    return say(`removed ${DEFAULT_PROFILE_KEY} from ${path}`);
  }
  const name = value?.trim() ?? '';
  if (name === '')
    throw new UsageError(`config set ${DEFAULT_PROFILE_KEY} needs a profile name`, `e.g. gpumkt config set ${DEFAULT_PROFILE_KEY} work`);
  await writeConfig(path, { ...(file ?? { profiles: {} }), defaultProfile: name });
  say(`saved ${DEFAULT_PROFILE_KEY} ${JSON.stringify(name)} (${path})`);
  if (!Object.hasOwn(file?.profiles ?? {}, name))
    ctx.log.warn(`profile ${JSON.stringify(name)} has no settings yet; add some with: gpumkt config set <key> <value> --profile ${name}`);
  if (ctx.env.GPUMKT_PROFILE) ctx.log.warn(`GPUMKT_PROFILE is set and takes precedence over ${DEFAULT_PROFILE_KEY}`);
}
