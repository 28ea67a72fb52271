/**
 * `value` as JSON would carry it, without writing it out and reading it back: objects and arrays
 * copied (so that a caller never holds the engine's own), `toJSON` honoured (dates become
 * strings), and what JSON drops dropped (undefined, functions; in an array they become null).
 * Strings are shared, not copied: a 1 MiB page costs what its structure costs, not its text.
 * In-process callers (IPC, tests) get what HTTP would have given them.
 */
export function asJson(value: unknown): unknown {
  const json = value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON(): unknown }).toJSON()
    : value;
  if (json === null || typeof json === 'string' || typeof json === 'boolean') return json;
  if (typeof json === 'number') return Number.isFinite(json) ? json : null;
  if (Array.isArray(json)) return json.map((item) => (dropped(item) ? null : asJson(item)));
  if (typeof json !== 'object') return undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(json)) if (!dropped(item)) copy[key] = asJson(item);
  return copy;
}

const dropped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';
