/** The global options of a run from the root program's parsed flags (commander's or the quick reading's). */
import type { GlobalOptions } from '../context.js';

/** The root program's options as commander parsed them (flags that were not given are absent). */
export type RawGlobals = Partial<Record<keyof GlobalOptions, string | number | boolean>> &
  Pick<GlobalOptions, 'baseUrl' | 'profile' | 'config' | 'timeout' | 'retries'>;

/** The global options of a run, from what commander parsed and the environment (NO_COLOR). */
export function readGlobals(o: RawGlobals, env: NodeJS.ProcessEnv): GlobalOptions {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return {
    baseUrl: o.baseUrl,
    profile: o.profile,
    config: o.config,
    timeout: o.timeout,
    retries: o.retries,
    color: o.color !== false && !noColor,
    quiet: o.quiet === true,
    verbose: o.verbose === true && o.quiet !== true,
    debug: o.debug === true,
    dryRun: o.dryRun === true,
    sandbox: o.sandbox === true,
    pager: o.pager !== false,
  };
}
