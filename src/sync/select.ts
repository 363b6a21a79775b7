/** Which datasets a sync runs: --datasets (with suggestions for typos), less what the key's plan cannot read. */
import { typedWords } from '../domain/text/word-list.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/text/suggest.js';
import { describeNeed, planReads, type KeyPlan } from '../domain/service/plans.js';
import { lakeDatasets, type LakeDataset } from './lake-datasets.js';

/** The datasets a run asks for: every one, or those --datasets names (unknown names exit 2, with the closest one). */
export function chosenDatasets(names: readonly string[] | undefined, keyed: boolean): LakeDataset[] {
  const all = lakeDatasets(keyed);
  if (names === undefined) return all;
  const valid = all.map((d) => d.name);
  const wanted = typedWords(names);
  if (wanted.length === 0) throw new UsageError(`--datasets is empty; datasets: ${valid.join(', ')}`);
  for (const n of wanted) {
    if (!valid.includes(n)) throw new UsageError(`unknown dataset '${n}'; ${didYouMean(n, valid)}datasets: ${valid.join(', ')}`);
  }
  return all.filter((d) => wanted.includes(d.name));
}

/** The chosen datasets split by what the key's plan reads; a skipped one carries the one line that says why. */
export function byPlan(
  chosen: readonly LakeDataset[],
  plan: KeyPlan['plan'],
): { readable: LakeDataset[]; skipped: Array<{ lake: LakeDataset; reason: string }> } {
  const readable: LakeDataset[] = [];
  const skipped: Array<{ lake: LakeDataset; reason: string }> = [];
  const have = plan === 'none' ? 'no key' : `a ${plan} key`;
  for (const d of chosen) {
    if (planReads(plan, d.plan)) readable.push(d);
    else skipped.push({ lake: d, reason: `needs ${describeNeed(d.plan)}; this run has ${have}` });
  }
  return { readable, skipped };
}

/** A lake setting: the flag when given (and it must agree with the lake's), else the lake's, else the default. */
export function lakeSetting<T extends string>(flag: string, given: T | undefined, held: T | undefined, fallback: T): T {
  if (given !== undefined && held !== undefined && given !== held) {
    throw new UsageError(
      `the lake holds ${held} data; ${flag} ${given} would mix ${held} and ${given} in one lake`,
      'leave the flag out, or sync into a new folder',
    );
  }
  return given ?? held ?? fallback;
}
