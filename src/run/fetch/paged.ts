/**
 * The `paged` fetch plan: listings the service hands out in `limit`/`offset` pages (neocloud sites).
 * Pages are asked one after another, each from where the last ended, until a page comes back short
 * (or the body's `total` is reached). What cannot be a complete listing is refused (exit 6, naming the
 * route) rather than run for hours or written with duplicates: a page that repeats a row already
 * received (pages that overlap or cycle, a service ignoring `offset`), rows beyond the `total` the
 * service states, and a listing past its bounds (LISTING_BOUNDS: rows and wall time).
 * Long runs at a terminal show a one-line count on stderr, cleared when the run ends.
 */
import type { Context } from '../../context.js';
import type { Endpoint } from '../../api/endpoint.js';
import { InvalidResponseError } from '../../errors.js';
import type { Row } from '../../domain/row.js';
import type { Session } from '../session.js';

/** The page parameters a paged endpoint's query reads. */
export interface PageParams {
  readonly limit?: number;
  readonly offset?: number;
}

/** How far a listing may go before it is taken as endless, and the clock that times it. */
export interface ListingBounds {
  /** Rows in all (the sites listing holds a few thousand; 1,000 pages of 100). */
  readonly rows: number;
  /** Wall time from the first request, pacing included (60 requests a minute: ~1,000 pages fit). */
  readonly ms: number;
  readonly now: () => number;
}

/** The bounds of every paged listing: 100,000 rows, 20 minutes (docs/api-contract.md). */
export const LISTING_BOUNDS: ListingBounds = { rows: 100_000, ms: 20 * 60_000, now: () => Date.now() };

/** Pages before the count shows on a terminal. */
const NOTE_AFTER_PAGES = 3;

/** The body's `total` (rows in the whole listing), when it says. */
function totalOf(body: unknown): number | undefined {
  const t = (body as { total?: unknown } | null)?.total;
  return typeof t === 'number' && Number.isSafeInteger(t) && t >= 0 ? t : undefined;
}

/** The one-line count on stderr (only at a terminal, never with --quiet or --verbose), and its eraser. */
function pagingNote(ctx: Context): { show(rows: number, total: number | undefined, page: number): void; done(): void } {
  const g = ctx.globals();
  if (!ctx.io.stderrIsTTY || g.quiet || g.verbose) return { show: () => undefined, done: () => undefined };
  let shown = false;
  const done = (): void => {
    if (shown) ctx.io.stderr.write('\r\x1b[K');
    shown = false;
  };
  ctx.onCleanup(done);
  return {
    show(rows, total, page) {
      if (page < NOTE_AFTER_PAGES) return;
      shown = true;
      ctx.io.stderr.write(`\rgpumkt: ${rows}${total === undefined ? '' : `/${total}`} rows, ${page} pages so far\x1b[K`);
    },
    done,
  };
}

/** Every row of a paged listing, in the service's order, each exactly once; see the module comment. */
export async function fetchPaged<P extends PageParams>(
  ctx: Context,
  session: Session,
  endpoint: Endpoint<P, unknown>,
  base: P,
  pageSize: number,
  bounds: ListingBounds = LISTING_BOUNDS,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string>();
  const note = pagingNote(ctx);
  const refuse = (why: string): InvalidResponseError =>
    new InvalidResponseError(`${endpoint.path(base)}: ${why}; not a listing gpumkt can complete`);
  const started = bounds.now();
  let previousFirst: string | undefined;
  try {
    for (let page = 1; ; page++) {
      const at = `page ${page} (offset ${rows.length})`;
      if (rows.length >= bounds.rows) throw refuse(`the listing did not end within ${bounds.rows} rows`);
      if (bounds.now() - started > bounds.ms) throw refuse(`the listing did not end within ${bounds.ms / 60_000} minutes`);
      const res = await session.get(endpoint, { ...base, limit: pageSize, offset: rows.length });
      const keys = res.rows.map((r) => JSON.stringify(r));
      if (page > 1 && keys.length > 0 && keys[0] === previousFirst)
        throw refuse(`${at} repeats the page before it; the service did not page`);
      previousFirst = keys[0];
      keys.forEach((k, i) => {
        if (seen.has(k)) throw refuse(`${at} repeats a row already received (its row ${i + 1}); pages overlap`);
        seen.add(k);
      });
      for (const r of res.rows) rows.push(r);
      const total = totalOf(res.body);
      if (total !== undefined && rows.length > total)
        throw refuse(`${at} brings the listing to ${rows.length} rows, beyond its total of ${total}`);
      // A short page is the last; a longer one means the service sent the whole listing at once.
      if (res.rows.length !== pageSize || (total !== undefined && rows.length >= total)) return rows;
      note.show(rows.length, total, page);
    }
  } finally {
    note.done();
  }
}
