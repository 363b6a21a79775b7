/** The effective settings of a run: flag > environment > config profile > built-in default, each with its source. */
import { accessSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { UsageError } from '../errors.js';
import { checkBaseUrl, checkRetries, checkTimeout, DEFAULTS, isValidApiKey } from './settings.js';
import type { ConfigFile, Profile } from './schema.js';
import { configPath, type Env } from './paths.js';

/** Where a setting's value came from. */
export type Source = 'flag' | 'env' | 'profile' | 'default';

/** A value and the rung of the precedence ladder that supplied it. */
export interface Setting<T> {
  readonly value: T;
  readonly source: Source;
}

/** Everything the rest of the CLI needs from configuration. */
export interface Settings {
  readonly configPath: string;
  readonly profile: string;
  /** Undefined when no key anywhere. */
  readonly apiKey?: Setting<string>;
  readonly baseUrl: Setting<string>;
  /** Seconds. */
  readonly timeout: Setting<number>;
  readonly retries: Setting<number>;
  readonly format?: Setting<string>;
}

/** The global flags that bear on configuration (`config` overrides the file path). */
export interface SettingsFlags {
  baseUrl?: string;
  profile?: string;
  config?: string;
  timeout?: number;
  retries?: number;
}

/** What resolveSettings reads: flags, environment, and where to send warnings. */
export interface SettingsInput {
  readonly flags: SettingsFlags;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly warn: (message: string) => void;
}

/** The file path: --config, then GPUMKT_CONFIG, XDG, ~/.config. */
export function settingsPath(flags: SettingsFlags, env: Env): string {
  return flags.config ? resolvePath(flags.config) : configPath(env);
}

/** The selected profile's name and whether the user asked for it by name (flag or env). */
export interface ProfileChoice {
  readonly name: string;
  readonly explicit: boolean;
}

/** Chooses the profile: --profile, GPUMKT_PROFILE, the file's defaultProfile, else `default`. */
export function chooseProfile(flags: SettingsFlags, env: Env, file: ConfigFile | undefined): ProfileChoice {
  if (flags.profile !== undefined) {
    if (flags.profile.trim() === '') throw new UsageError('--profile needs a profile name');
    return { name: flags.profile, explicit: true };
  }
  if (env.GPUMKT_PROFILE) return { name: env.GPUMKT_PROFILE, explicit: true };
  return { name: file?.defaultProfile ?? 'default', explicit: false };
}

/** The stored profile `name`, own properties only (a profile called `constructor` is just a name). */
export function findProfile(file: ConfigFile | undefined, name: string): Profile | undefined {
  return file && Object.hasOwn(file.profiles, name) ? file.profiles[name] : undefined;
}

/** Throws a usage error listing the existing profiles when an explicitly chosen one does not exist. */
export function requireProfile(file: ConfigFile | undefined, choice: ProfileChoice, path: string): Profile | undefined {
  const found = findProfile(file, choice.name);
  if (found || !choice.explicit) return found;
  const names = Object.keys(file?.profiles ?? {});
  const list = names.length > 0 ? `existing profiles: ${names.map((n) => JSON.stringify(n)).join(', ')}` : 'no profiles exist yet';
  throw new UsageError(
    `profile ${JSON.stringify(choice.name)} not found in ${path}; ${list}`,
    `create it with: gpumkt config set --profile ${choice.name} <key> <value>`,
  );
}

/** Resolves every setting with its source; reads the config file once. */
export async function resolveSettings(input: SettingsInput): Promise<Settings> {
  const { flags, env, warn } = input;
  const path = settingsPath(flags, env);
  const store = await loadStore(path);
  const file: ConfigFile | undefined = await store?.readConfig(path);
  const choice = chooseProfile(flags, env, file);
  const profile: Profile = requireProfile(file, choice, path) ?? {};
  const apiKey = resolveApiKey(env, profile);
  if (apiKey?.source === 'profile') await store?.checkPermissions(path, warn);
  const format = profile.format;
  return {
    configPath: path,
    profile: choice.name,
    ...(apiKey ? { apiKey } : {}),
    // Only the rung that wins is validated: a bad GPUMKT_BASE_URL does not matter under --base-url.
    baseUrl:
      flags.baseUrl !== undefined
        ? { value: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag' }
        : env.GPUMKT_BASE_URL
          ? { value: checkBaseUrl(env.GPUMKT_BASE_URL, 'GPUMKT_BASE_URL'), source: 'env' }
          : stored(profile, 'base-url', DEFAULTS.baseUrl),
    timeout:
      flags.timeout !== undefined
        ? { value: checkTimeout(flags.timeout, '--timeout'), source: 'flag' }
        : stored(profile, 'timeout', DEFAULTS.timeout),
    retries:
      flags.retries !== undefined
        ? { value: checkRetries(flags.retries, '--retries'), source: 'flag' }
        : stored(profile, 'retries', DEFAULTS.retries),
    ...(format !== undefined ? { format: { value: format, source: 'profile' as const } } : {}),
  };
}

/** The key from GPUMKT_API_KEY, else the profile; never from a flag. */
function resolveApiKey(env: Env, stored: Profile): Setting<string> | undefined {
  // Surrounding whitespace is what `$(cat keyfile)` and copy-paste leave behind, never part of a key.
  const fromEnv = env.GPUMKT_API_KEY?.trim();
  if (fromEnv) {
    if (!isValidApiKey(fromEnv)) throw new UsageError('invalid GPUMKT_API_KEY: the key must be printable ASCII without spaces');
    return { value: fromEnv, source: 'env' };
  }
  const fromFile = stored['api-key'];
  return fromFile ? { value: fromFile, source: 'profile' } : undefined;
}

/** The profile's value (already validated on read), else the built-in default. */
function stored<K extends 'base-url' | 'timeout' | 'retries'>(
  profile: Profile,
  key: K,
  fallback: NonNullable<Profile[K]>,
): Setting<NonNullable<Profile[K]>> {
  const value = profile[key];
  return value !== undefined ? { value, source: 'profile' } : { value: fallback, source: 'default' };
}

/** A stand-in for the key in logs and listings; reveals nothing of it, not even its length. */
export function redactKey(_key: string): string {
  return '***';
}

/**
 * The config store module, or undefined when there is no config file. The store validates with zod,
 * which costs tens of milliseconds to load: a run without a config file (environment and flags only)
 * skips it. Anything but "does not exist" (a folder, no permission) goes to readConfig, which reports it.
 */
async function loadStore(path: string): Promise<typeof import('./store.js') | undefined> {
  // Synchronous: one access(2) call, where node:fs/promises (and the readline it loads) costs ~1 ms of
  // every run and the callback form starts libuv's thread pool (four threads) for this one question.
  let missing = false;
  try {
    accessSync(path);
  } catch (err) {
    missing = (err as { code?: unknown } | null)?.code === 'ENOENT';
  }
  return missing ? undefined : import('./store.js');
}
