/**
 * The dataset descriptor: everything the CLI derives for one dataset (its command, flags, help,
 * completions, request plan, columns, checks, export rules) is read from one of these objects.
 * Descriptors are plain data plus small pure functions; the runner (src/run) interprets them.
 */
import type { Endpoint, EnvelopeBody } from '../api/endpoint.js';
import type { DateWindow } from '../domain/time/dates.js';
import type { Row } from '../domain/row.js';
import type { RequiredPlan } from '../domain/service/plans.js';
import type { NameCatalogueId, NameEntry } from '../domain/catalogues/name-catalogues.js';
import type { OutputFlags } from './flag-groups.js';
import type { SyncSpec } from './sync-spec.js';

export type { Revisit, SyncSpec } from './sync-spec.js';

/** Where a flag's values come from, for completions (and `choices` for help and parsing). */
export type ValueKind = 'gpu' | 'memory-type' | 'date' | 'none';

/** One word a shell may offer for a value, with a short description where the shell can show it. */
export interface Word {
  readonly value: string;
  readonly description?: string;
}

/** One dataset-specific option, declared as data; commands/ turns it into a commander option. */
export interface OptionSpec {
  /** Commander flags, e.g. `--base-date <date>`. */
  readonly flags: string;
  readonly description: string;
  readonly default?: string;
  readonly choices?: readonly string[];
  /** May be given more than once; the values collect into a list. */
  readonly repeatable?: boolean;
  /** What completions offer for the value. */
  readonly values?: ValueKind;
  /** Completion words of a value no ValueKind covers (labs, tenors, markets …): the descriptor's own list. */
  readonly words?: readonly Word[];
}

/** The positional `[name...]` list of a `names` subject: what it is called and what completions offer. */
export interface PositionalSpec {
  /** The argument's name in usage lines, e.g. `lab` gives `[lab...]`. */
  readonly name: string;
  readonly description: string;
  readonly words: readonly Word[];
}

/**
 * What the requests of one run are about: `gpus`, a positional `<gpu...>` list (one request series per
 * model); `some-gpus`, an optional `[gpu...]` list (none given: the descriptor's `targets` decide);
 * `gpu-option`, a repeatable `--gpu` (none given = one aggregate series); `names`, an optional
 * `[name...]` list of the descriptor's own words (`positional`; labs, curves, markets …: its `targets`
 * decide the requests); `none`, one request.
 */
export type Subject = 'gpus' | 'some-gpus' | 'gpu-option' | 'names' | 'none';

/**
 * How the runner plans and joins requests: `series`, every row of the window per model (the limit
 * sized to the window, the service's row count checked, capped windows fetched in parts); `windowed`,
 * windows longer than `maxDays` split into requests that reach back `overlapDays` and are stitched;
 * `single`, one request whose rows keep the service's order; `paged`, `limit`/`offset` pages of
 * `pageSize` rows asked one after another until the listing is complete (src/run/fetch/paged.ts).
 */
export type FetchPlan =
  | { readonly kind: 'series' }
  | { readonly kind: 'windowed'; readonly maxDays: number; readonly overlapDays: number }
  | { readonly kind: 'single' }
  | { readonly kind: 'paged'; readonly pageSize: number };

/**
 * One dataset: `P` its request parameters, `F` the flags its functions read (defineDataset derives
 * them from `groups` and `options`, src/datasets/flags.ts).
 */
export interface Dataset<P = unknown, F = OutputFlags> {
  /** The command name. */
  readonly name: string;
  /** One line for help. */
  readonly summary: string;
  /** Example command lines for --help. */
  readonly examples: readonly string[];
  readonly endpoint: Endpoint<P, EnvelopeBody>;
  readonly subject: Subject;
  /** The positional list of a `names` subject. */
  readonly positional?: PositionalSpec;
  /** Flag groups that apply: --from/--to, --granularity/--limit, --wide/--y/--stats/--spark. */
  readonly groups: { readonly window: boolean; readonly series: boolean; readonly analysis: boolean };
  /** Options of this dataset alone, shown before the shared groups. */
  readonly options?: readonly OptionSpec[];
  readonly fetch: FetchPlan;
  /**
   * True when the runner sorts each target's rows by time (the service sends newest first, or in no
   * reliable order); false keeps the service's order, which the spec checks then verify.
   */
  readonly sort: boolean;
  /** Offline checks of the flags (exit 2 before any request); returns nothing or throws. */
  validate?(flags: F, today: string, learned?: readonly NameEntry[]): void;
  /**
   * The parameters of one request about `target` (a GPU model, or what `targets` returned) over
   * `window` (undefined when the dataset has none).
   */
  params(flags: F, target: string | undefined, window: DateWindow | undefined, today: string): P;
  /**
   * The targets of a run when the subject alone does not say (memory history: the types of
   * --type/--category; latest: one request for every model, or one per named model). `keyed` is
   * false when no key will be sent (public routes). `learned`: ids of the service's catalogue (`names`)
   * that the offline list lacks, looked up before (src/run/names.ts). Throws a usage error for bad input.
   */
  targets?(args: readonly string[], flags: F, keyed: boolean, learned?: readonly NameEntry[]): ReadonlyArray<string | undefined>;
  /**
   * The service's catalogue the positional names belong to (labs, coding products): a name the offline
   * list lacks is looked up there before it is refused, and `sync` runs every name of it (docs/names.md).
   */
  readonly names?: NameCatalogueId;
  /** The words of a run that name entries of `names` (default: the positional arguments; memory: --type). */
  nameWords?(args: readonly string[], flags: F): readonly string[];
  /**
   * The row field that names what a request was about (`gpu_name`, `gpu_type`, `id`): the runner adds
   * no `gpu` column, orders rows of the same time by it in target order, and --append keys rows by it.
   */
  readonly targetColumn?: string;
  /**
   * The columns that, with the time, key a row for --append when `targetColumn` alone does not tell
   * the rows of one time apart (workload: `lab` and `family`); default `[targetColumn]`.
   */
  readonly keyColumns?: readonly string[];
  /**
   * Targets whose values come in different units (coding: a product counts events, or is a percentage):
   * `of` names a target's unit. --format chart has one y axis, so a run naming targets of more than one
   * unit is refused before any request (exit 2); `noun` names the targets in that message.
   */
  readonly chartUnits?: { readonly noun: string; readonly of: (target: string) => string | undefined };
  /**
   * The day an index is asked to be based on (util-index: --base-date, or its default), as an ISO
   * date: named in the note when the service could not use it (`baseAvailable: false`).
   */
  indexBase?(flags: F, today: string): string;
  /** Days a day's rows take to be published (workload: 2, settled 36 hours after the day ends): a short window needs this many more days to show a row. */
  readonly publishLagDays?: number;
  /** When a day's rows publish, as the service documents it: said when a window of the last days is empty. */
  readonly publishes?: string;
  /**
   * The lowest plan that reads this dataset (default `premium`): `free` is a public route that runs
   * without a key (one that is configured is still sent); a run whose key's plan is below it exits 3
   * before any request, naming the plan it needs.
   */
  readonly plan?: RequiredPlan;
  /** Another dataset this command runs instead when its flags ask for it (memory with dates: the history). */
  readonly variants?: readonly DatasetVariant<F>[];
  /**
   * Keeps the rows the command's arguments and flags ask for when the route cannot filter itself
   * (forward curves by model, buyers by tier): applied to every response's rows before anything else.
   */
  readonly filter?: (row: Row, args: readonly string[], flags: F) => boolean;
  /** What to try when a run finds no rows and the flags may be why (forward: a curve without marks is left out). */
  readonly emptyHint?: (args: readonly string[], flags: F) => string | undefined;
  /**
   * Why a run without a key asks for more than the service's free tier serves (labs, days), or
   * undefined when it does not: the runner then exits 3 before any request, naming the plan it needs.
   * Only for `plan: 'free'` datasets whose free tier is narrower than a key's.
   */
  readonly freeTier?: (
    targets: ReadonlyArray<string | undefined>,
    flags: F,
    window: DateWindow | undefined,
    today: string,
  ) => string | undefined;
  /**
   * What a response says about itself beyond its rows (forward: `asOf`, the marks' time): noted on
   * stderr and recorded in the manifest under `served`.
   */
  readonly served?: (body: unknown) => Readonly<Record<string, string | null>>;
  /** Spec-rule checks on one target's rows (ascending); `label` names the model in messages. */
  checks?(rows: readonly Row[], label: string): string[];
  /**
   * What the rows cannot say themselves, though valid (token-volume: a day without one of the labs has
   * its shares over the labs present): one note on stderr (hidden by -q), never a failure.
   */
  caveat?(rows: readonly Row[]): string | undefined;
  /** What a run that sends no key leaves out, as a notice (latest: the model only a key shows); undefined: nothing. */
  keylessNote?(args: readonly string[]): string | undefined;
  /** Why --append does not apply, when it does not. */
  readonly noAppend?: { readonly message: string; readonly hint?: string };
  /** Rows whose values depend on where the request window starts: never taken as restated on --append. */
  readonly windowDependent?: (row: Row) => boolean;
  /**
   * The table view at a terminal: `keys` are never left out (the time column by default; `gpu` always
   * is one), `priority` lists the other columns most important first (default: the value column);
   * unlisted columns are left out first, the last one first, when the terminal is too narrow.
   */
  readonly table?: { readonly keys?: readonly string[]; readonly priority?: readonly string[] };
  /** What the row fields mean, `[field, one line]`, shown under Fields in --help (README has the same). */
  readonly glossary?: ReadonlyArray<readonly [string, string]>;
  /** Columns --y may name (default: the endpoint's value column). */
  readonly numeric?: readonly string[];
  /** What one row is, in a few words (`one row per model and day`), for docs/datasets.md; default: derived from the fetch plan. */
  readonly grain?: string;
  /** How `gpumkt sync` keeps it in a lake; every field has a default derived from the rest of the descriptor. */
  readonly sync?: SyncSpec<F>;
}

/** A dataset a command switches to: `memory --from …` runs the memory history, `latest --current` the current index. */
export interface DatasetVariant<F = OutputFlags> {
  /** True when the flags select this variant; `keyed` is false when the run has no key (public fallbacks). */
  when(flags: F, keyed: boolean): boolean;
  /**
   * How a command line selects it (`--current`, `without a key`): `status`, the README table, the
   * command reference and docs/datasets.md name the variant by it.
   */
  readonly label: string;
  /**
   * The variant runs with its command's flags, so its functions are typed with them: a variant that
   * reads them derives them from the command's option list, declared in the variant's file
   * (MEMORY_OPTIONS, HISTORY_OPTIONS …), and the command's flags must be assignable to the variant's.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a variant's params differ from its command's; only the runner passes them through
  readonly dataset: Dataset<any, NoInfer<F>>;
}

/** A dataset of any parameter type, as registries and the runner hold them (they only pass parameters through). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Dataset<unknown> would refuse every typed descriptor (params are contravariant)
export type AnyDataset = Dataset<any, any>;
