/** Where the config file lives (README: Config): GPUMKT_CONFIG, else XDG, else ~/.config. */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Environment variables, as the run sees them. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The folder of gpumkt's cache (what it learned from the service: catalogues of names): XDG_CACHE_HOME
 * (absolute) or ~/.cache, then `gpumkt`. Nothing in it is needed: deleting it costs a request.
 */
export function cacheDir(env: Env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'gpumkt');
  return join(env.HOME || homedir(), '.cache', 'gpumkt');
}

/** The config file path for this environment (the `--config` flag, when given, wins over all of it). */
export function configPath(env: Env): string {
  // Empty variables count as unset, as most tools treat them.
  const explicit = env.GPUMKT_CONFIG;
  if (explicit) return resolve(explicit);
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'gpumkt', 'config.json');
  const home = env.HOME || homedir();
  return join(home, '.config', 'gpumkt', 'config.json');
}
