// Typed-array columns of the resident models (one value a row), grown by copying as rows are added.

export type TypedColumn = Int32Array | Uint32Array | Uint8Array | Float64Array | BigUint64Array;

/** A column of the same type as `column` with room for `capacity` values, its first `length` copied over. */
export function widened<C extends TypedColumn>(column: C, capacity: number, length = column.length): C {
  const next = new (column.constructor as new (size: number) => C)(capacity);
  next.set(column.subarray(0, length) as never);
  return next;
}
