/**
 * The model frontier (`/api/model-frontier`, docs/api-contract.md): one nested document of `models`,
 * `efforts`, `tests`, `releaseDates` (name → date) and `history` (monthly, GPQA Diamond only). The
 * models, scores and prices are the sandbox's inventions; what follows the docs: `costPerTask` =
 * `price × tpt / 1e6`, bench scores in percent, effort ranks 0–5, `speedTps` null where not measured
 * (`speedMeasured` false), `costBasis` `otpi` or `measured`. The document as of a day holds only the
 * models released by then (the sandbox never serves after its clock), and the history's months up to it.
 */
import { addDays } from '../../domain/time/dates.js';
import { roundTo, unit } from './prng.js';

/** One model as the sandbox knows it (before its derived fields). */
interface ModelSeed {
  readonly slug: string;
  readonly name: string;
  readonly lab: string;
  readonly released: string;
  readonly cap: number;
  readonly tpt: number;
  readonly pIn: number;
  readonly pOut: number;
  readonly bench: readonly [number, number, number];
}

const MODELS: readonly ModelSeed[] = [
  {
    slug: 'claude-opus-4',
    name: 'Claude Opus 4',
    lab: 'anthropic',
    released: '2025-05-22',
    cap: 148,
    tpt: 42_000,
    pIn: 15,
    pOut: 75,
    bench: [72.5, 79.6, 75.5],
  },
  {
    slug: 'gpt-5',
    name: 'GPT-5',
    lab: 'openai',
    released: '2025-08-07',
    cap: 151,
    tpt: 38_000,
    pIn: 1.25,
    pOut: 10,
    bench: [74.9, 87.3, 94.6],
  },
  {
    slug: 'gemini-2-5-pro',
    name: 'Gemini 2.5 Pro',
    lab: 'google',
    released: '2025-06-17',
    cap: 146,
    tpt: 45_000,
    pIn: 1.25,
    pOut: 10,
    bench: [67.2, 86.4, 88.0],
  },
  {
    slug: 'deepseek-v3-1',
    name: 'DeepSeek V3.1',
    lab: 'deepseek',
    released: '2025-08-21',
    cap: 139,
    tpt: 36_000,
    pIn: 0.56,
    pOut: 1.68,
    bench: [66.0, 80.1, 88.4],
  },
  {
    slug: 'kimi-k2',
    name: 'Kimi K2',
    lab: 'moonshotai',
    released: '2025-07-11',
    cap: 147,
    tpt: 51_000,
    pIn: 3,
    pOut: 15,
    bench: [70.8, 87.5, 91.7],
  },
  {
    slug: 'claude-sonnet-4-5',
    name: 'Claude Sonnet 4.5',
    lab: 'anthropic',
    released: '2025-09-29',
    cap: 150,
    tpt: 33_000,
    pIn: 3,
    pOut: 15,
    bench: [77.2, 83.4, 87.0],
  },
  {
    slug: 'qwen3-max',
    name: 'Qwen3 Max',
    lab: 'qwen',
    released: '2025-09-05',
    cap: 141,
    tpt: 40_000,
    pIn: 1.2,
    pOut: 6,
    bench: [69.6, 81.0, 89.2],
  },
  {
    slug: 'gemini-3-pro',
    name: 'Gemini 3 Pro',
    lab: 'google',
    released: '2026-11-18',
    cap: 156,
    tpt: 39_000,
    pIn: 2,
    pOut: 12,
    bench: [76.2, 91.9, 95.0],
  },
];

const EFFORTS = ['minimal', 'low', 'medium', 'high', 'max'] as const;
const TESTS = [
  { id: 'swe-bench-verified', name: 'SWE-bench Verified', category: 'coding', metric: 'percent' },
  { id: 'gpqa-diamond', name: 'GPQA Diamond', category: 'reasoning', metric: 'percent' },
  { id: 'aime-2025', name: 'AIME 2025', category: 'math', metric: 'percent' },
] as const;

/** Blended price, USD per Mtok: three parts input to one part output. */
const blended = (m: ModelSeed): number => roundTo((3 * m.pIn + m.pOut) / 4, 4);

/** The `models` table as of `today`. */
function modelsOf(seen: readonly ModelSeed[]) {
  return seen.map((m) => {
    const price = blended(m);
    return {
      slug: m.slug,
      name: m.name,
      lab: m.lab,
      cap: m.cap,
      tpt: m.tpt,
      price,
      pIn: m.pIn,
      pOut: m.pOut,
      totalTokens: m.tpt * 500,
      costPerTask: roundTo((price * m.tpt) / 1e6, 6),
      bench: { coding: m.bench[0], reasoning: m.bench[1], math: m.bench[2] },
    };
  });
}

/** The `efforts` table: every model at the effort levels it offers (closed labs: all five; others: default). */
function effortsOf(seen: readonly ModelSeed[]) {
  return seen.flatMap((m, i) => {
    const levels: readonly string[] = ['anthropic', 'openai', 'google'].includes(m.lab) ? EFFORTS : ['default'];
    return levels.map((effort, rank) => {
      const tokensEst = Math.round(m.tpt * (0.25 + 0.5 * rank));
      const measured = unit(61, i, rank) < 0.7;
      return {
        model: m.slug,
        effort,
        rank: levels.length === 1 ? 2 : rank,
        cost: roundTo((blended(m) * tokensEst) / 1e6, 6),
        tokensEst,
        timeSec: roundTo(tokensEst / 80, 1),
        speedTps: measured ? roundTo(60 + 60 * unit(62, i, rank), 1) : null,
        speedMeasured: measured,
        costBasis: measured ? 'measured' : 'otpi',
      };
    });
  });
}

/** The `history` table: the best GPQA Diamond score of the models released by each month's first day. */
function historyOf(today: string) {
  const rows: { date: string; model: string; lab: string; score: number }[] = [];
  for (let month = '2025-06-01'; month <= today; month = addDays(month, 32).slice(0, 8) + '01') {
    const best = MODELS.filter((m) => m.released <= month).reduce<ModelSeed | undefined>(
      (b, m) => (b === undefined || m.bench[1] > b.bench[1] ? m : b),
      undefined,
    );
    if (best) rows.push({ date: month, model: best.slug, lab: best.lab, score: best.bench[1] });
  }
  return rows;
}

/** The whole document as of `today`. */
export function frontierDocument(today: string) {
  const seen = MODELS.filter((m) => m.released <= today);
  const newest = seen.reduce((d, m) => (m.released > d ? m.released : d), '2025-01-01');
  return {
    updatedAt: `${newest}T00:00:00.000Z`,
    models: modelsOf(seen),
    efforts: effortsOf(seen),
    tests: TESTS.map((t) => ({ ...t })),
    releaseDates: Object.fromEntries(seen.map((m) => [m.name, m.released])),
    history: historyOf(today),
  };
}
