// The one error type both Olap implementations throw: the engine's message first, then the statement it
// came from (shortened), with the original error kept as `cause`.

const SQL_PREVIEW_CHARS = 240;

export class OlapError extends Error {
  override name = 'OlapError';
  constructor(
    message: string,
    /** The statement (or `INSERT INTO <table>`) that failed. */
    readonly statement: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} [statement: ${preview(statement)}]`, options);
  }
}

function preview(statement: string): string {
  const flat = statement.replace(/\s+/g, ' ').trim();
  return flat.length > SQL_PREVIEW_CHARS ? `${flat.slice(0, SQL_PREVIEW_CHARS)}...` : flat;
}

/** Wrap anything an engine throws, keeping the first line of its message. */
export function olapError(statement: string, error: unknown): OlapError {
  if (error instanceof OlapError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split('\n')[0] ?? text;
  return new OlapError(`olap: ${firstLine}`, statement, { cause: error });
}

/** Table names are interpolated into INSERT statements, so only plain (optionally db-qualified) identifiers pass. */
export function checkTableName(table: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/.test(table)) {
    throw new OlapError(`olap: not a plain table name: ${JSON.stringify(table)}`, `INSERT INTO ${table}`);
  }
}
