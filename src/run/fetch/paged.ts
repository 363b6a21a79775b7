/**
 * The `paged` fetch plan: listings the service hands out in `limit`/`offset` pages (neocloud sites).
 * Pages are asked one after another, each from where the last ended, until a page comes back short
 * (or the body's `total` is reached); a listing that would need more than MAX_PAGES pages, or a page
 * that repeats the one before (the service ignoring `offset`), is not a listing we can complete: exit 6.
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

/** Pages after which the listing is taken as endless (a million sites at the default page size). */
export const MAX_PAGES = 10_000;

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

/** Every row of a paged listing, in the service's order, each exactly once. */
export async function fetchPaged<P extends PageParams>(
  ctx: Context,
  session: Session,
  endpoint: Endpoint<P, unknown>,
  base: P,
  pageSize: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  const note = pagingNote(ctx);
  let previousFirst: string | undefined;
  try {
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES)
        throw new InvalidResponseError(`${endpoint.id}: the listing did not end after ${MAX_PAGES} pages of ${pageSize}`);
      const res = await session.get(endpoint, { ...base, limit: pageSize, offset: rows.length });
      const first = res.rows.length > 0 ? JSON.stringify(res.rows[0]) : undefined;
      if (page > 1 && first !== undefined && first === previousFirst) {
        throw new InvalidResponseError(
          `${endpoint.id}: page ${page} (offset ${rows.length}) repeats the page before it; the service did not page`,
        );
      }
      previousFirst = first;
      for (const r of res.rows) rows.push(r);
      const total = totalOf(res.body);
      // A short page is the last; a longer one means the service sent the whole listing at once.
      if (res.rows.length !== pageSize || (total !== undefined && rows.length >= total)) return rows;
      note.show(rows.length, total, page);
    }
  } finally {
    note.done();
  }
}
