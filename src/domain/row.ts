/** A row as the CLI handles it: the API's own field names and values, untouched. */
export type Row = Record<string, unknown>;

/** Query parameters as sent; undefined values are left out of the URL. */
export type Query = Record<string, string | undefined>;
