/**
 * The sandbox restates merge rates on a schedule (src/sandbox/models/coding-model.ts; docs/point-in-time.md):
 * a day's merge rate is first published short of its settled value and rises on each of the next four
 * days; PR and commit counts never move; the same clock gives the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { addDays } from '../../src/domain/time/dates.js';
import { MERGE_SHORTFALL } from '../../src/sandbox/models/coding-model.js';
import { get } from './helpers.js';

type Row = Record<string, unknown>;
const DAY = '2026-11-10';

/** The history of `product` over DAY's week, as the sandbox publishes it at the clock `now`. */
async function historyAt(now: string, product: string): Promise<{ text: string; rows: Row[] }> {
  const sb = await startSandbox({ now });
  try {
    const r = await get(sb, `/api/llm-coding/history?product=${product}&startDate=${DAY}&endDate=${addDays(DAY, 6)}`);
    return { text: JSON.stringify(r.body), rows: r.body.data as Row[] };
  } finally {
    await sb.close();
  }
}

/** The clock `days` whole days after DAY's publication (00:30 UTC the next day), plus an hour. */
const after = (days: number): string => `${addDays(DAY, 1 + days)}T01:30:00.000Z`;

describe('scheduled restatements of merge rates', () => {
  it("a day's merge rate rises on each of the four days after its publication, then is final", async () => {
    const values: number[] = [];
    for (let d = 0; d <= 6; d++) values.push((await historyAt(after(d), 'cursor-merge')).rows.find((r) => r.date === DAY)?.value as number);
    const final = values[6] as number;
    expect(values[5]).toBe(final);
    for (let d = 0; d < 5; d++) {
      expect(values[d], `day ${d}`).toBeLessThan(values[d + 1] as number);
      expect(values[d]).toBeCloseTo(final * (1 - (MERGE_SHORTFALL[d] as number)), 1);
    }
  });

  it('compare products carry the restated rates of their two products; PR counts never move', async () => {
    const early = await historyAt(after(0), 'cc-vs-codex-merge');
    const late = await historyAt(after(6), 'cc-vs-codex-merge');
    const row = (rows: Row[]) => rows.find((r) => r.date === DAY) as Row;
    expect(row(early.rows).value).toBeLessThan(row(late.rows).value as number);
    expect(row(early.rows).value2).toBeLessThan(row(late.rows).value2 as number);
    expect((await historyAt(after(0), 'cc-prs')).rows.find((r) => r.date === DAY)).toEqual(
      (await historyAt(after(6), 'cc-prs')).rows.find((r) => r.date === DAY),
    );
  });

  it('the same clock gives the same bytes', async () => {
    expect((await historyAt(after(2), 'copilot-merge')).text).toBe((await historyAt(after(2), 'copilot-merge')).text);
  });
});
