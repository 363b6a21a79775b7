/**
 * The market families read bodies the robust way (decision G): rows in either order come out oldest
 * first, unknown fields are kept, nullable fields may be null, forward points may come listed directly,
 * and a flattened row that breaks its documented shape is a warning (exit 6 with --strict).
 */
import { describe, expect, it } from 'vitest';
import { respond, startSandbox, type InterceptReply, type RecordedRequest } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, TODAY } from '../helpers/cli.js';
import { FORWARD_COLUMNS } from './market-helpers.js';

type Row = Record<string, unknown>;
type Body = Record<string, unknown> & { data: Row[] };

/** Runs `args` against a sandbox whose 200 bodies pass through `edit` first. */
async function runEdited(
  args: readonly string[],
  edit: (body: Body) => Body,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const intercept = (req: RecordedRequest): InterceptReply | undefined => {
    const reply = respond(
      { method: req.method, url: req.url, authorization: `Bearer ${CANARY_KEY}` },
      { keys: { valid: [CANARY_KEY] }, today: TODAY },
    );
    return reply.status === 200 ? { status: 200, body: edit(JSON.parse(reply.body) as Body) } : undefined;
  };
  const sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, intercept });
  try {
    return await runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY } });
  } finally {
    await sb.close();
  }
}

const parse = (r: { code: number | null; stdout: string; stderr: string }): Row[] => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Row[];
};

describe('forward, read the robust way', () => {
  it('points listed directly (each with its name), curves in any order, unknown fields kept', async () => {
    const usual = parse(await runEdited(['forward', '-f', 'json'], (b) => b));
    const flat = parse(
      await runEdited(['forward', '-f', 'json'], (b) => ({
        ...b,
        extra: 1,
        data: [...b.data]
          .reverse()
          .flatMap((c) =>
            (c.points as Row[]).map((p) => ({ ...p, venue: 'x', provenance: p.provenance && { ...(p.provenance as Row), desk: 'y' } })),
          ),
      })),
    );
    expect(flat.map((r) => `${String(r.name)} ${String(r.label)} ${String(r.price)}`)).toEqual(
      usual.map((r) => `${String(r.name)} ${String(r.label)} ${String(r.price)}`),
    );
    expect(flat[0]).toMatchObject({ venue: 'x', provenance_desk: 'y' });
    expect(Object.keys(flat[0] as Row).slice(0, 9)).toEqual(FORWARD_COLUMNS);
  });

  it('asOf null and no suppressed list are fine; a point off its shape or a 0 for a gap is a warning, exit 6 with --strict', async () => {
    const nulls = await runEdited(['forward', 'h100', '-f', 'csv'], (b) => ({ ...b, asOf: null, suppressed: undefined }));
    expect(nulls.code).toBe(0);
    expect(nulls.stderr).toBe('gpumkt: forward: asOf null\n');
    const broken = (b: Body): Body => ({
      ...b,
      data: b.data.map((c) => ({
        ...c,
        points: (c.points as Row[]).map((p) =>
          p.name === 'H100 SXM' && p.label === '1Y'
            ? { ...p, price: '2.19' }
            : p.name === 'A100 SXM4' && p.label === '5Y'
              ? { ...p, price: 0 }
              : p,
        ),
      })),
    });
    const warned = await runEdited(['forward', '-f', 'csv'], broken);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('forward H100 SXM 1Y: price is "2.19", not the documented number|null');
    expect(warned.stderr).toContain('forward A100 SXM4 5Y: price 0 without a mark (a gap is null, never 0)');
    const strict = await runEdited(['forward', '--strict', '-f', 'csv'], broken);
    expect(strict.code).toBe(6);
    expect(strict.stdout).toBe('');
  });
});

describe('token-prices and token-volume, read the robust way', () => {
  it('token-prices: rows newest first come out oldest first; a null computedAt and unknown fields are kept', async () => {
    const usual = parse(await runEdited(['token-prices', 'openai', '--from', '2026-11-10', '-f', 'json'], (b) => b));
    const edited = parse(
      await runEdited(['token-prices', 'openai', '--from', '2026-11-10', '-f', 'json'], (b) => ({
        ...b,
        data: [...b.data].reverse().map((r, i) => ({ ...r, source: 'v2', computedAt: i === 0 ? null : r.computedAt })),
      })),
    );
    expect(edited.map((r) => r.date)).toEqual(usual.map((r) => r.date));
    expect(edited.at(-1)).toEqual({ ...usual.at(-1), source: 'v2', computedAt: null });
  });

  it('token-volume: days oldest first give the same rows; a count that is not an integer is a warning, exit 6 with --strict', async () => {
    const args = ['token-volume', '--from', '2026-11-10', '-f', 'json'];
    const usual = parse(await runEdited(args, (b) => b));
    expect(parse(await runEdited(args, (b) => ({ ...b, data: [...b.data].reverse() })))).toEqual(usual);
    const bad = (b: Body): Body => ({
      ...b,
      data: b.data.map((d, i) => (i === 0 ? { ...d, labs: (d.labs as Row[]).map((l) => ({ ...l, totalTokens: 1.5 })) } : d)),
    });
    const warned = await runEdited(args, bad);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('token-volume 2026-11-19 anthropic: totalTokens is 1.5, not the documented int');
    expect((await runEdited([...args, '--strict'], bad)).code).toBe(6);
  });
});
