import { describe, expect, it } from 'vitest';
import { describeNeed, planOfKey, planReads } from '../../../src/domain/service/plans.js';

describe('plans by key prefix', () => {
  it('a key reads what its plan covers and nothing above it', () => {
    const plan = (k: string | undefined) => planOfKey(k).plan;
    expect(planReads(plan(undefined), 'free')).toBe(true);
    expect(planReads(plan(undefined), 'premium')).toBe(false);
    expect(planReads(plan('sk_prem_x'), 'premium')).toBe(true);
    expect(planReads(plan('sk_prem_x'), 'full')).toBe(false);
    expect(planReads(plan('sk_live_x'), 'full')).toBe(true);
    // An undocumented prefix is treated as full, as the service does.
    expect(planReads(plan('other'), 'full')).toBe(true);
  });

  it('names the prefixes a plan needs', () => {
    expect(describeNeed('full')).toContain('sk_live_');
    expect(describeNeed('premium')).toMatch(/sk_prem_.*sk_live_/);
  });
});
