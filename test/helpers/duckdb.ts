/**
 * An independent Parquet reader for the tests: DuckDB (its own C++ Parquet reader, not hyparquet),
 * in-process through @duckdb/node-api. Extensions are never installed or autoloaded: Parquet support is
 * built into the binary, so nothing is downloaded at run time.
 */
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';

/** A result: the column names and DuckDB types, and rows of plain values (see plain()). */
export interface ReadResult {
  readonly columns: { name: string; type: string }[];
  readonly rows: Record<string, unknown>[];
}

/** A DuckDB connection for reading files back. */
export interface ParquetReader {
  /** Runs SQL and returns its result with plain values. */
  query(sql: string): Promise<ReadResult>;
  /** All of one Parquet file, or a glob/hive dataset with `hive` set. */
  read(file: string, opts?: { hive?: boolean; orderBy?: string }): Promise<ReadResult>;
  /** The file's key-value metadata, decoded as UTF-8. */
  kvMetadata(file: string): Promise<Record<string, string>>;
  /** Each column chunk's compression codec and the number of row groups. */
  layout(file: string): Promise<{ codecs: string[]; rowGroups: number }>;
  close(): void;
}

/** A SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

// Floor division: BigInt `/` truncates toward zero, which is wrong for instants before 1970.
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** UTC ISO 8601 with microseconds, from microseconds since the epoch. */
export function isoMicros(micros: bigint): string {
  const ms = floorDiv(micros, 1000n);
  const extra = String(micros - ms * 1000n).padStart(3, '0');
  return new Date(Number(ms)).toISOString().replace('Z', `${extra}Z`);
}

/**
 * A DuckDB value as a plain value: TIMESTAMPTZ/TIMESTAMP → ISO string with microseconds, DATE →
 * `YYYY-MM-DD`, BIGINT → bigint, DOUBLE → number, BOOLEAN, VARCHAR and NULL as they are.
 */
function plain(v: DuckDBValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if ('micros' in v && typeof v.micros === 'bigint') return isoMicros(v.micros);
  if ('days' in v && typeof v.days === 'number') return new Date(v.days * 86_400_000).toISOString().slice(0, 10);
  if ('bytes' in v && v.bytes instanceof Uint8Array) return Buffer.from(v.bytes).toString('utf8');
  return String(v);
}

async function run(conn: DuckDBConnection, sql: string): Promise<ReadResult> {
  const reader = await conn.runAndReadAll(sql);
  const names = reader.columnNames();
  const types = reader.columnTypes().map(String);
  const columns = names.map((name, i) => ({ name, type: types[i] as string }));
  const rows = reader.getRowObjects().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
  return { columns, rows };
}

/** Opens an in-memory DuckDB that never fetches extensions. */
export async function openParquetReader(): Promise<ParquetReader> {
  const db = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    threads: '1',
  });
  const conn = await db.connect();
  return {
    query: (sql) => run(conn, sql),
    read: (file, opts = {}) =>
      run(
        conn,
        `SELECT * FROM read_parquet(${sqlString(file)}${opts.hive ? ', hive_partitioning = true' : ', hive_partitioning = false'})${opts.orderBy ? ` ORDER BY ${opts.orderBy}` : ''}`,
      ),
    async kvMetadata(file) {
      const r = await run(conn, `SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata(${sqlString(file)})`);
      return Object.fromEntries(r.rows.map((row) => [row.k as string, row.v as string]));
    },
    async layout(file) {
      const r = await run(conn, `SELECT DISTINCT compression AS c, row_group_id AS g FROM parquet_metadata(${sqlString(file)})`);
      return { codecs: [...new Set(r.rows.map((row) => row.c as string))], rowGroups: new Set(r.rows.map((row) => row.g)).size };
    },
    close() {
      conn.closeSync();
      db.closeSync();
    },
  };
}

/**
 * One reader for the whole test file: opened before its tests, closed after them. The object returned
 * forwards to it, so a file declares `const reader = useParquetReader();` at its top.
 */
export function useParquetReader(): ParquetReader {
  let inner: ParquetReader | undefined;
  beforeAll(async () => {
    inner = await openParquetReader();
  });
  afterAll(() => inner?.close());
  const open = (): ParquetReader => {
    if (inner === undefined) throw new Error('the Parquet reader opens before the tests (useParquetReader at the top of the file)');
    return inner;
  };
  return {
    query: (sql) => open().query(sql),
    read: (file, opts) => open().read(file, opts),
    kvMetadata: (file) => open().kvMetadata(file),
    layout: (file) => open().layout(file),
    close: () => undefined,
  };
}
