/** `gpumkt config get|set|unset|list|path`: the settings file, its profiles, and where each value comes from. */
import { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { CONFIG_KEYS, FORMATS, isValidApiKey, parseKey, parseValue, type ConfigKey } from '../../config/settings.js';
import type { ConfigFile, Profile } from '../../config/schema.js';
import type { Setting, Settings } from '../../config/resolve.js';
import { redactUrl } from '../../domain/secrets/redact.js';
import { DEFAULT_PROFILE_KEY, defaultProfileCommand, isDefaultProfileKey } from './default-profile.js';

// The work of each subcommand is loaded when it runs, so `gpumkt --help` never loads the config
// store (and zod with it).
const loadResolve = () => import('../../config/resolve.js');
const loadStore = () => import('../../config/store.js');

const KEY_HELP = `one of: ${CONFIG_KEYS.join(', ')} (per profile), or ${DEFAULT_PROFILE_KEY} (the profile used when none is chosen)`;
const KEY_ON_ARGV =
  'the API key is not taken on the command line (it would show in ps and shell history); pipe it on stdin or type it at the prompt';

/** Declares the config command and its five subcommands. */
export default function configCommand(ctx: Context): Command {
  const cmd = new Command('config')
    .description('show and change settings (api-key, base-url, timeout, retries, format), per profile')
    .addHelpText(
      'after',
      `\nSettings come from, highest first: flag, environment (GPUMKT_API_KEY, GPUMKT_BASE_URL), the selected\nprofile of the config file, built-in defaults. Profile: --profile, GPUMKT_PROFILE, the file's defaultProfile, "default".\n\nExamples:\n  $ gpumkt config set api-key          # prompts, no echo\n  $ gpumkt config list --profile work`,
    );

  addGet(cmd, ctx);
  addSet(cmd, ctx);
  addUnset(cmd, ctx);
  addList(cmd, ctx);
  addPath(cmd, ctx);
  return cmd;
}

/** `config get <key>`: the effective value of a setting (the API key only as "set"). */
function addGet(cmd: Command, ctx: Context): void {
  cmd
    .command('get')
    .description('print the effective value of a key (the API key itself is never printed)')
    .argument('<key>', KEY_HELP)
    .addHelpText('after', '\nExamples:\n  $ gpumkt config get base-url\n  $ gpumkt config get api-key --profile work')
    .action(async (rawKey: string) => {
      if (isDefaultProfileKey(rawKey)) return defaultProfileCommand(ctx, 'get');
      const key = parseKey(rawKey);
      const settings = await resolve(ctx);
      const setting = settingOf(settings, key);
      if (!setting) return void ctx.io.stdout.write('not set\n');
      const line = key === 'api-key' ? `set (source: ${sourceText(key, setting, settings, true)})` : shown(setting.value);
      ctx.io.stdout.write(`${line}\n`);
    });
}

/** `config set <key> [value]`: saves a value in the selected profile (the API key from a hidden prompt or stdin). */
function addSet(cmd: Command, ctx: Context): void {
  cmd
    .command('set')
    .description('save a value in the selected profile; the API key is read from a hidden prompt or stdin')
    .argument('<key>', KEY_HELP)
    .argument('[value]', 'the value (not for api-key)')
    .addHelpText(
      'after',
      `\nExamples:\n  $ gpumkt config set api-key                   # prompts: API key:\n  $ pass show gpumkt | gpumkt config set api-key\n  $ gpumkt config set base-url http://127.0.0.1:8787 --profile local\n  $ gpumkt config set format json               # ${FORMATS.join('|')}\n  $ gpumkt config set defaultProfile work       # the profile used when --profile and GPUMKT_PROFILE are not given`,
    )
    .action(async (rawKey: string, value: string | undefined) => {
      if (isDefaultProfileKey(rawKey)) return defaultProfileCommand(ctx, 'set', value);
      const key = parseKey(rawKey);
      if (key === 'api-key' && value !== undefined) throw new UsageError(KEY_ON_ARGV);
      if (key !== 'api-key' && value === undefined)
        throw new UsageError(`config set ${key} needs a value`, `e.g. gpumkt config set ${key} ${EXAMPLES[key]}`);
      const { path, file, profile } = await openProfile(ctx, false);
      // Checked before the prompt: an unusable config file should not cost the user a typed key.
      const stored = key === 'api-key' ? await readKey(ctx) : parseValue(key, value ?? '');
      const { findProfile } = await loadResolve();
      const { writeConfig } = await loadStore();
      const updated = { ...(findProfile(file, profile) ?? {}), [key]: stored };
      await writeConfig(path, withProfile(file ?? { profiles: {} }, profile, updated));
      confirm(ctx, `saved ${key} in profile ${JSON.stringify(profile)} (${path})`);
      const over = overriddenBy(ctx, key);
      if (over) ctx.log.warn(`${over} is set and takes precedence over the saved ${key}`);
    });
}

/** `config unset <key>`: removes a key from the selected profile. */
function addUnset(cmd: Command, ctx: Context): void {
  cmd
    .command('unset')
    .description('remove a key from the selected profile')
    .argument('<key>', KEY_HELP)
    .addHelpText('after', '\nExamples:\n  $ gpumkt config unset api-key\n  $ gpumkt config unset base-url --profile local')
    .action(async (rawKey: string) => {
      if (isDefaultProfileKey(rawKey)) return defaultProfileCommand(ctx, 'unset');
      const key = parseKey(rawKey);
      const { path, file, profile } = await openProfile(ctx, true);
      const { findProfile } = await loadResolve();
      const { writeConfig } = await loadStore();
      const current = findProfile(file, profile);
      const where = `profile ${JSON.stringify(profile)} (${path})`;
      if (!file || !current || !Object.hasOwn(current, key)) return confirm(ctx, `${key} is not set in ${where}`);
      const { [key]: _removed, ...rest } = current;
      await writeConfig(path, withProfile(file, profile, rest));
      confirm(ctx, `removed ${key} from ${where}`);
    });
}

/** `config list`: every setting with its value and source, then the profiles. */
function addList(cmd: Command, ctx: Context): void {
  cmd
    .command('list')
    .description('show every key with its effective value and where it comes from (the API key as ***)')
    .addHelpText('after', '\nExamples:\n  $ gpumkt config list\n  $ GPUMKT_PROFILE=work gpumkt config list')
    .action(async () => {
      const settings = await resolve(ctx);
      const { redactKey } = await loadResolve();
      const rows = CONFIG_KEYS.map((key) => {
        const s = settingOf(settings, key);
        if (!s) return { KEY: key, VALUE: 'not set', SOURCE: '-' };
        return {
          KEY: key,
          VALUE: key === 'api-key' ? redactKey(String(s.value)) : shown(s.value),
          SOURCE: sourceText(key, s, settings, false),
        };
      });
      // The same table renderer as the data commands (never wrapped here: settings are short).
      const { formatter } = await import('../../output/text/table.js');
      const opts = {
        columns: ['KEY', 'VALUE', 'SOURCE'],
        selected: true,
        header: true,
        color: ctx.io.stdoutIsTTY && ctx.globals().color,
        width: Number.POSITIVE_INFINITY,
        csvSafe: false,
        dialect: 'rfc4180' as const,
      };
      for (const chunk of formatter.format(rows, opts)) ctx.io.stdout.write(chunk);
      const profiles = await (await import('./profiles.js')).profileRows(settings.configPath, settings.profile);
      ctx.io.stdout.write('\n');
      for (const chunk of formatter.format(profiles, { ...opts, columns: ['PROFILE', 'ACTIVE'] })) ctx.io.stdout.write(chunk);
    });
}

/** `config path`: where the settings file is. */
function addPath(cmd: Command, ctx: Context): void {
  cmd
    .command('path')
    .description('print the config file path (--config, GPUMKT_CONFIG, $XDG_CONFIG_HOME/gpumkt, ~/.config/gpumkt)')
    .addHelpText('after', '\nExamples:\n  $ gpumkt config path\n  $ "$EDITOR" "$(gpumkt config path)"')
    .action(async () => {
      const { settingsPath } = await loadResolve();
      ctx.io.stdout.write(`${settingsPath(ctx.globals(), ctx.env)}\n`);
    });
}

const EXAMPLES: Record<Exclude<ConfigKey, 'api-key'>, string> = {
  'base-url': 'https://api.ornnai.com',
  timeout: '60',
  retries: '5',
  format: 'json',
};

/** resolveSettings with this run's flags, environment and logger. */
async function resolve(ctx: Context): Promise<Settings> {
  const { resolveSettings } = await loadResolve();
  return resolveSettings({ flags: ctx.globals(), env: ctx.env, warn: (m) => ctx.log.warn(m) });
}

/** The config file and the selected profile's name; `strict` rejects an explicitly named profile that does not exist. */
async function openProfile(ctx: Context, strict: boolean): Promise<{ path: string; file: ConfigFile | undefined; profile: string }> {
  const { chooseProfile, requireProfile, settingsPath } = await loadResolve();
  const { readConfig } = await loadStore();
  const g = ctx.globals();
  const path = settingsPath(g, ctx.env);
  const file = await readConfig(path);
  const choice = chooseProfile(g, ctx.env, file);
  if (strict) requireProfile(file, choice, path);
  return { path, file, profile: choice.name };
}

/** Reads the key from the prompt or stdin and checks it can be sent as a bearer token. */
async function readKey(ctx: Context): Promise<string> {
  const { readSecret } = await import('../../config/prompt.js');
  const key = await readSecret({ ...ctx.io, signal: ctx.signal }, 'API key: ');
  if (!isValidApiKey(key)) throw new UsageError('the API key must be printable ASCII without spaces; nothing saved');
  return key;
}

/** A copy of `file` with profile `name` replaced (or appended), other profiles and unknown fields kept in order. */
function withProfile(file: ConfigFile, name: string, profile: Profile): ConfigFile {
  const entries = Object.entries(file.profiles).map(([n, p]): [string, Profile] => [n, n === name ? profile : p]);
  if (!Object.hasOwn(file.profiles, name)) entries.push([name, profile]);
  // fromEntries defines own properties, so even a profile named __proto__ stays data.
  return { ...file, profiles: Object.fromEntries(entries) };
}

/** A value as printed: a password in a base URL (`https://user:pw@host`) shows as ***, like everywhere else. */
function shown(value: string | number): string {
  return redactUrl(String(value));
}

/** The setting behind a key. */
function settingOf(s: Settings, key: ConfigKey): Setting<string | number> | undefined {
  const map = { 'api-key': s.apiKey, 'base-url': s.baseUrl, timeout: s.timeout, retries: s.retries, format: s.format };
  return map[key];
}

const FLAGS: Partial<Record<ConfigKey, string>> = { 'base-url': '--base-url', timeout: '--timeout', retries: '--retries' };
const ENVS: Partial<Record<ConfigKey, string>> = { 'api-key': 'GPUMKT_API_KEY', 'base-url': 'GPUMKT_BASE_URL' };

/** "flag --base-url", "env GPUMKT_API_KEY", "profile "work" in /path", "default". */
function sourceText(key: ConfigKey, setting: Setting<unknown>, s: Settings, withPath: boolean): string {
  switch (setting.source) {
    case 'flag':
      return `flag ${FLAGS[key] ?? ''}`.trim();
    case 'env':
      return `env ${ENVS[key] ?? ''}`.trim();
    case 'profile':
      return `profile ${JSON.stringify(s.profile)}${withPath ? ` in ${s.configPath}` : ''}`;
    case 'default':
      return 'default';
  }
}

/** The flag or variable that will keep hiding a value just saved, if any. */
function overriddenBy(ctx: Context, key: ConfigKey): string | undefined {
  const g = ctx.globals();
  const flagSet = { 'base-url': g.baseUrl, timeout: g.timeout, retries: g.retries } as Partial<Record<ConfigKey, unknown>>;
  if (flagSet[key] !== undefined) return FLAGS[key];
  const env = ENVS[key];
  return env && ctx.env[env] ? env : undefined;
}

/** One confirmation line on stderr, unless --quiet. */
function confirm(ctx: Context, line: string): void {
  if (!ctx.globals().quiet) ctx.io.stderr.write(`${line}\n`);
}
