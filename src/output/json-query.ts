/**
 * `--query <JMESPath>`: filters and reshapes JSON output, as the AWS CLI's --query does. The expression
 * is compiled before any request (a bad one is exit 2); the library loads only when --query is given.
 */
import { UsageError } from '../errors.js';
import type { JsonShape } from './format-types.js';

/** A compiled --query expression. */
export interface JsonQuery {
  /** The expression as given (for messages). */
  readonly text: string;
  /** Applies the expression to a JSON document. */
  search(doc: unknown): unknown;
}

/** Compiles `text` (exit 2 naming the expression and the parser's complaint when it is not JMESPath). */
export async function compileQuery(text: string): Promise<JsonQuery> {
  const jmespath = await import('@jmespath-community/jmespath');
  let ast: ReturnType<typeof jmespath.compile>;
  try {
    ast = jmespath.compile(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new UsageError(`invalid --query '${text}': ${why}`, 'JMESPath, e.g. --query "[?gpu==\'H200\'].index_value"; see jmespath.org');
  }
  const interpreter = jmespath.TreeInterpreter;
  return { text, search: (doc) => interpreter.search(ast, doc as never) };
}

/**
 * The text of a query's result: JSON, an array one element a line (as -f json prints rows); ndjson,
 * one line per element of an array result, else the result on one line.
 */
export function queryResultText(result: unknown, shape: JsonShape): string {
  if (Array.isArray(result)) {
    const lines = result.map((v) => JSON.stringify(v ?? null));
    if (shape === 'lines') return lines.map((l) => `${l}\n`).join('');
    return lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`;
  }
  return `${JSON.stringify(result ?? null)}\n`;
}
