/**
 * The flags of a data command as types: the shared groups (flag-groups.ts) and a descriptor's own
 * options typed from their declaration (`--base-date <date>` → `baseDate?: string`), so a descriptor
 * that reads a flag it does not declare fails the typecheck.
 */
import type { AnalysisFlags, Groups, OutputFlags, SeriesFlags, WindowFlags } from './flag-groups.js';
import type { Dataset, OptionSpec } from './types.js';

export type { AnalysisFlags, Groups, OutputFlags, SeriesFlags, WindowFlags };

// Template-literal types read commander's own spelling of a flag; see datasetOptions.
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type LongName<F extends string> = F extends `${string}--${infer Rest}` ? (Rest extends `${infer N} ${string}` ? N : Rest) : never;
// A spelling TypeScript only knows as `string` gives no key: undeclared flags then fail to read.
type FlagKey<F extends string> = string extends F ? never : Camel<LongName<F>>;
type Value<S extends OptionSpec> = S['repeatable'] extends true
  ? string[]
  : S['flags'] extends `${string}<${string}>${string}`
    ? S['choices'] extends readonly (infer C extends string)[]
      ? C
      : string
    : boolean;

/**
 * The flags a list of option declarations gives, as commander parses them: a bare flag is a boolean,
 * `<x>` a string (one of `choices` when it has them), a repeatable one a list; present when defaulted.
 */
export type OptionFlags<O extends readonly OptionSpec[]> = {
  readonly [S in O[number] as S extends { readonly default: string } ? never : FlagKey<S['flags']>]?: Value<S>;
} & { readonly [S in O[number] as S extends { readonly default: string } ? FlagKey<S['flags']> : never]: Value<S> };

/** The flags of a dataset that takes the groups `G` and declares the options `O`. */
export type DatasetFlags<O extends readonly OptionSpec[], G extends Groups> = OutputFlags &
  (G['window'] extends true ? WindowFlags : unknown) &
  (G['series'] extends true ? SeriesFlags : unknown) &
  (G['analysis'] extends true ? AnalysisFlags : unknown) &
  OptionFlags<O>;

/**
 * The name an option's value goes by (`--base-date <date>` → baseDate, `--no-x` → x): FlagKey's rule
 * at run time, the one commander follows, so defaults can be filled in without a command line.
 */
export function optionKey(flags: string): string {
  const long = /--([a-zA-Z0-9-]+)/.exec(flags)?.[1] ?? '';
  return long.replace(/^no-/, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Option declarations kept with their literal spelling, so OptionFlags can type them (options shared by several descriptors). */
export function datasetOptions<const O extends readonly OptionSpec[]>(options: O): O {
  return options;
}

/**
 * A descriptor whose functions receive its flags typed from its `groups` and `options`. Template-literal
 * types do this with no dependency: a parser library would declare the options a second time.
 */
export function defineDataset<P, const O extends readonly OptionSpec[] = [], const G extends Groups = Groups>(
  ds: Dataset<P, NoInfer<DatasetFlags<O, G>>> & { readonly options?: O; readonly groups: G },
): Dataset<P, DatasetFlags<O, G>> & { readonly groups: G } {
  return ds;
}
