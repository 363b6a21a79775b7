/**
 * The flags a descriptor's functions receive are typed from what declares them: the shared groups it
 * takes and its own `options` (src/datasets/flags.ts). The type-level assertions here run in the
 * typecheck of `npm test`: a descriptor that reads a flag it does not declare, or a variant that reads
 * one its command lacks, fails it. The runtime part holds the one assumption the types make about
 * commander: the key of `--base-date <date>` is `baseDate`.
 */
import { Option } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DATASETS } from '../../../src/datasets/index.js';
import { datasetOptions, defineDataset, type OptionFlags } from '../../../src/datasets/flags.js';
import type { Dataset } from '../../../src/datasets/types.js';
import utilIndex from '../../../src/datasets/util-index.js';
import utilization from '../../../src/datasets/utilization.js';
import memory from '../../../src/datasets/memory.js';
import memoryHistory from '../../../src/datasets/memory-history.js';
import history from '../../../src/datasets/history.js';
import historyAt from '../../../src/datasets/history-at.js';
import historyPublic from '../../../src/datasets/history-public.js';
import latest from '../../../src/datasets/latest.js';
import latestPrevious from '../../../src/datasets/latest-previous.js';
import latestCurrent from '../../../src/datasets/latest-current.js';
import power from '../../../src/datasets/power.js';
import { powerFuelMix, powerLoad } from '../../../src/datasets/power-ops.js';
import sites from '../../../src/datasets/sites.js';
import { sitesAggregate, sitesMap } from '../../../src/datasets/sites-views.js';
import coding from '../../../src/datasets/coding.js';
import codingHistory from '../../../src/datasets/coding-history.js';
import rolling from '../../../src/datasets/rolling.js';
import rollingHistory from '../../../src/datasets/rolling-history.js';

/** The flags a descriptor's functions receive. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameter type: only the flags are asked for
type FlagsOf<D extends Dataset<any, any>> = Parameters<D['params']>[0];
/** The flags a variant reads that its command does not declare (never when it reads only the command's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Undeclared<V extends Dataset<any, any>, C extends Dataset<any, any>> = Exclude<keyof FlagsOf<V>, keyof FlagsOf<C>>;

describe('flags typed from their declaration', () => {
  it('maps each spelling as commander parses it: key in camelCase, value by form', () => {
    const options = datasetOptions([
      { flags: '--base-date <date>', description: 'a value' },
      { flags: '--gpu <model>', description: 'repeatable', repeatable: true },
      { flags: '--map', description: 'bare' },
      { flags: '--region <region>', description: 'defaulted', default: 'global' },
      { flags: '--scope <scope>', description: 'choices', choices: ['neocloud', 'all'] },
      { flags: '-w, --window-days <n>', description: 'short and long' },
    ]);
    type F = OptionFlags<typeof options>;
    expectTypeOf<F['baseDate']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<F['gpu']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<F['map']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<F['region']>().toEqualTypeOf<string>();
    expectTypeOf<F['scope']>().toEqualTypeOf<'neocloud' | 'all' | undefined>();
    expectTypeOf<F['windowDays']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<keyof F>().toEqualTypeOf<'baseDate' | 'gpu' | 'map' | 'region' | 'scope' | 'windowDays'>();
    expect(options.map((o) => new Option(o.flags).attributeName())).toEqual(['baseDate', 'gpu', 'map', 'region', 'scope', 'windowDays']);
  });

  it("gives a descriptor its groups' flags and its own, and nothing else", () => {
    type U = FlagsOf<typeof utilIndex>;
    expectTypeOf<U['baseDate']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<U['region']>().toEqualTypeOf<string>();
    expectTypeOf<U['gpu']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<U>().toHaveProperty('from');
    expectTypeOf<U>().toHaveProperty('wide');
    expectTypeOf<U>().toHaveProperty('format');
    expectTypeOf<U>().not.toHaveProperty('granularity');
    expectTypeOf<U>().not.toHaveProperty('date');
    expectTypeOf<FlagsOf<typeof history>['granularity']>().toEqualTypeOf<'daily' | 'hourly' | 'auto'>();
    expectTypeOf<FlagsOf<typeof utilization>>().not.toHaveProperty('from');
    expect(utilIndex.options?.map((o) => o.flags)).toEqual(['--gpu <model>', '--region <region>', '--base-date <date>']);
  });

  it('refuses a descriptor that reads a flag it does not declare', () => {
    const ds = defineDataset({
      ...utilization,
      options: datasetOptions([{ flags: '--date <date>', description: 'one day' }]),
      validate: (flags) => {
        void flags.date;
        // @ts-expect-error --from belongs to the window group, which utilization does not take
        void flags.from;
        // @ts-expect-error no such option
        void flags.baseDate;
      },
    });
    expect(ds.options?.[0]?.flags).toBe('--date <date>');
  });

  it('types every variant with flags its command declares', () => {
    expectTypeOf<Undeclared<typeof memoryHistory, typeof memory>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof historyAt, typeof history>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof historyPublic, typeof history>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof latestPrevious, typeof latest>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof latestCurrent, typeof latest>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof powerLoad, typeof power>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof powerFuelMix, typeof power>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof sitesAggregate, typeof sites>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof sitesMap, typeof sites>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof codingHistory, typeof coding>>().toEqualTypeOf<never>();
    expectTypeOf<Undeclared<typeof rollingHistory, typeof rolling>>().toEqualTypeOf<never>();
    expect([memory, history, latest, power, sites, coding, rolling].every((d) => (d.variants?.length ?? 0) > 0)).toBe(true);
  });

  it("keys every registry option as commander does, the types' one assumption (no --no-x option, whose key drops the no)", () => {
    for (const ds of DATASETS) {
      for (const o of [ds, ...(ds.variants ?? []).map((v) => v.dataset)].flatMap((d) => d.options ?? [])) {
        const long = /--([a-z0-9-]+)/.exec(o.flags)?.[1] ?? '';
        const typed = long.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
        expect(new Option(o.flags).attributeName(), `${ds.name} ${o.flags}`).toBe(typed);
      }
    }
  });
});
