/**
 * `status`'s answer to "will this command work with my key?": every dataset family of the registry
 * (each command and each variant a flag or a missing key selects) with the lowest plan that reads it
 * (`Dataset.plan`), against the configured key's plan by prefix. No request is made per family.
 */
import { DATASETS } from '../../datasets/index.js';
import { describeNeed, planReads, type KeyPlan, type RequiredPlan } from '../../domain/service/plans.js';

/** One family: the command, the variant's selector (null for the command itself), its plan, and whether the key reads it. */
export interface FamilyAccess {
  readonly command: string;
  readonly variant: string | null;
  readonly needs: RequiredPlan;
  readonly readable: boolean;
}

/** Every family of the registry, in help order, judged against `plan`. */
export function familyAccess(plan: KeyPlan['plan']): FamilyAccess[] {
  const families = DATASETS.flatMap((d) => [
    { command: d.name, variant: null, needs: d.plan ?? 'premium' },
    ...(d.variants ?? []).map((v) => ({ command: d.name, variant: v.label, needs: v.dataset.plan ?? 'premium' })),
  ]);
  return families.map((f) => ({ ...f, readable: planReads(plan, f.needs) }));
}

/** The family as typed on a command line. */
const label = (f: FamilyAccess): string => (f.variant === null ? f.command : `${f.command} ${f.variant}`);

/**
 * The text lines: one when the key reads everything; else what it cannot read (a key) or what it
 * can (no key), one family a line with the plan it needs.
 */
export function planLines(plan: KeyPlan['plan'], families: readonly FamilyAccess[]): string {
  const shown = plan === 'none' ? families.filter((f) => f.readable) : families.filter((f) => !f.readable);
  if (plan !== 'none' && shown.length === 0) return 'reads    every command\n';
  const head = plan === 'none' ? 'reads    without a key, only the public routes:' : `reads    every command but these (plan ${plan}):`;
  const width = Math.max(...shown.map((f) => label(f).length));
  const line = (f: FamilyAccess): string => (plan === 'none' ? label(f) : `${label(f).padEnd(width)}  needs ${describeNeed(f.needs)}`);
  return `${head}\n${shown.map((f) => `         ${line(f)}\n`).join('')}`;
}
