import { deserialize, serialize } from 'node:v8';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * One row of the working copy as PostgreSQL keeps it (docs/hub.md, "How it works"): the table,
 * the row's key (its rowid, or the JSON array of its primary key in a WITHOUT ROWID table) and
 * its values in column order, v8-serialized (Yjs updates and file bytes stay bytes); `data`
 * null when the row is gone.
 */
export interface RowEffect {
  tbl: string;
  key: string;
  data: Buffer | null;
}

interface TableShape {
  name: string;
  columns: string[];
  /** The primary key's columns of a WITHOUT ROWID table; undefined for a rowid table. */
  primaryKey: string[] | undefined;
  /** Whether inserting may move its high-water mark in `sqlite_sequence`. */
  autoincrement: boolean;
  /** Reads one row's values by its key, prepared once (`take` reads each row a write touched). */
  select?: BetterSqlite3.Statement;
}

/** SQLite's AUTOINCREMENT high-water marks travel as rows of this pseudo-table. */
const SEQUENCES = 'sqlite_sequence';

/** The SQL function the engine's own triggers are guarded with on a hub's working copy. */
export const REPLAYING_FUNCTION = 'folio_replaying';

/**
 * What a hub process's write transactions change, row by row, and the replay of what other
 * processes changed. Temporary triggers (on this connection only) note every key a write
 * touches; at commit the final values of those rows are read. Replaying writes rows as they are,
 * so the engine's triggers (the change log's capture, the doc counter, projections' titles) must
 * not fire again: they are recreated on the working copy guarded by `folio_replaying()`; only the
 * full-text indexes' triggers keep firing, since their tables are left out and rebuilt here.
 */
export class RowEffects {
  private readonly tables = new Map<string, TableShape>();
  private sequences = new Map<string, number>();
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Each table's replay statement, prepared once (a keystroke replays four rows). */
  private readonly inserts = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly raw: BetterSqlite3.Database,
    private readonly replaying: () => boolean,
  ) {
    raw.function(REPLAYING_FUNCTION, { deterministic: false }, () => (replaying() ? 1 : 0));
    for (const shape of replicatedTables(raw)) this.tables.set(shape.name, shape);
    guardTriggers(raw, virtualTables(raw));
    // Appended to, duplicates and all: a trigger's plain insert costs less than looking for the key first; `take` reads each once.
    raw.exec('CREATE TEMP TABLE IF NOT EXISTS folio_dirty (tbl TEXT NOT NULL, k ANY NOT NULL)');
    for (const shape of this.tables.values()) raw.exec(dirtyTriggers(shape));
    this.sequences = this.readSequences();
  }

  /** Whether the transaction in progress wrote anything yet. */
  wroteAny(): boolean {
    return this.prepared('SELECT 1 FROM temp.folio_dirty LIMIT 1').get() !== undefined;
  }

  /** The rows written since the last call, as they are now (inside the writing transaction), and forgets them. */
  take(): RowEffect[] {
    const effects: RowEffect[] = [];
    let sequenced = false;
    for (const [tbl, k] of this.prepared('SELECT DISTINCT tbl, k FROM temp.folio_dirty ORDER BY tbl, k').raw(true).all() as [string, unknown][]) {
      const shape = this.tables.get(tbl)!;
      shape.select ??= this.raw.prepare(shape.primaryKey ? selectByKey(shape) : selectByRowid(shape)).raw(true);
      const values = (shape.primaryKey ? shape.select.get(...(JSON.parse(String(k)) as unknown[])) : shape.select.get(k)) as unknown[] | undefined;
      effects.push({ tbl, key: String(k), data: values ? serialize(values) : null });
      sequenced ||= shape.autoincrement;
    }
    this.prepared('DELETE FROM temp.folio_dirty').run();
    // Only an insert into an AUTOINCREMENT table moves a high-water mark (a keystroke touches none).
    if (!sequenced) return effects;
    const sequences = this.readSequences();
    for (const [name, seq] of sequences) {
      if (this.sequences.get(name) !== seq) effects.push({ tbl: SEQUENCES, key: name, data: serialize([name, seq]) });
    }
    this.sequences = sequences;
    return effects;
  }

  /** Forgets what the transaction in progress noted: it is rolling back. */
  discard(): void {
    this.prepared('DELETE FROM temp.folio_dirty').run();
  }

  /** Every row of every replicated table: a new store's first state. */
  *everyRow(): Generator<RowEffect> {
    for (const shape of this.tables.values()) {
      const columns = shape.columns.map(quote).join(', ');
      const sql = shape.primaryKey ? `SELECT ${columns} FROM ${quote(shape.name)}` : `SELECT rowid, ${columns} FROM ${quote(shape.name)}`;
      for (const values of this.raw.prepare(sql).raw(true).iterate() as Iterable<unknown[]>) {
        const key = shape.primaryKey ? JSON.stringify(shape.primaryKey.map((column) => values[shape.columns.indexOf(column)])) : String(values[0]);
        yield { tbl: shape.name, key, data: serialize(values) };
      }
    }
    for (const [name, seq] of this.sequences) yield { tbl: SEQUENCES, key: name, data: serialize([name, seq]) };
  }

  /** Empties every replicated table (a working copy about to load the store's rows). Inside a replaying transaction. */
  clear(): void {
    for (const shape of this.tables.values()) this.raw.prepare(`DELETE FROM ${quote(shape.name)}`).run();
    if (this.hasSequences()) this.raw.prepare(`DELETE FROM ${SEQUENCES}`).run();
  }

  /**
   * Writes rows as another process left them: deletions first, so that a row taking a unique
   * value another gave up never meets it. Inside a transaction with `replaying()` true and
   * foreign keys off (the rows are already consistent as a whole; cascades happened where written).
   */
  apply(effects: readonly RowEffect[]): void {
    for (const effect of effects) if (effect.data === null) this.remove(effect);
    for (const effect of effects) if (effect.data !== null) this.write(effect.tbl, deserialize(effect.data) as unknown[]);
    this.sequences = this.readSequences();
  }

  /** The named columns of a row as `apply` would write it (or undefined for another table's or a deleted row). */
  columnsOf(effect: RowEffect, names: readonly string[]): unknown[] | undefined {
    const shape = this.tables.get(effect.tbl);
    if (!shape || effect.data === null) return undefined;
    const values = deserialize(effect.data) as unknown[];
    const offset = shape.primaryKey ? 0 : 1;
    return names.map((name) => values[shape.columns.indexOf(name) + offset]);
  }

  private remove(effect: RowEffect): void {
    if (effect.tbl === SEQUENCES) {
      this.prepared(`DELETE FROM ${SEQUENCES} WHERE name = ?`).run(effect.key);
      return;
    }
    const shape = this.tables.get(effect.tbl);
    if (!shape) throw new Error(`the store holds rows of table ${effect.tbl}, which this Folio does not have`);
    if (shape.primaryKey) this.prepared(deleteByKey(shape)).run(...(JSON.parse(effect.key) as unknown[]));
    else this.prepared(`DELETE FROM ${quote(shape.name)} WHERE rowid = ?`).run(Number(effect.key));
  }

  private write(tbl: string, values: unknown[]): void {
    if (tbl === SEQUENCES) {
      this.prepared(`DELETE FROM ${SEQUENCES} WHERE name = ?`).run(values[0]);
      this.prepared(`INSERT INTO ${SEQUENCES} (name, seq) VALUES (?, ?)`).run(values[0], values[1]);
      return;
    }
    const shape = this.tables.get(tbl);
    if (!shape) throw new Error(`the store holds rows of table ${tbl}, which this Folio does not have`);
    let insert = this.inserts.get(tbl);
    if (!insert) {
      const columns = [...(shape.primaryKey ? [] : ['rowid']), ...shape.columns];
      insert = this.raw.prepare(`INSERT OR REPLACE INTO ${quote(shape.name)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      this.inserts.set(tbl, insert);
    }
    insert.run(...values);
  }

  private readSequences(): Map<string, number> {
    if (!this.hasSequences()) return new Map();
    const rows = this.prepared(`SELECT name, seq FROM ${SEQUENCES}`).raw(true).all() as [string, number][];
    return new Map(rows);
  }

  private hasSequences(): boolean {
    return this.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() !== undefined;
  }

  private prepared(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function selectByRowid(shape: TableShape): string {
  return `SELECT rowid, ${shape.columns.map(quote).join(', ')} FROM ${quote(shape.name)} WHERE rowid = ?`;
}

function selectByKey(shape: TableShape): string {
  return `SELECT ${shape.columns.map(quote).join(', ')} FROM ${quote(shape.name)} WHERE ${shape.primaryKey!.map((column) => `${quote(column)} IS ?`).join(' AND ')}`;
}

function deleteByKey(shape: TableShape): string {
  return `DELETE FROM ${quote(shape.name)} WHERE ${shape.primaryKey!.map((column) => `${quote(column)} IS ?`).join(' AND ')}`;
}

/** Full-text indexes (FTS5 virtual tables): derived from their content tables, rebuilt on each copy. */
function virtualTables(raw: BetterSqlite3.Database): string[] {
  return (raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").all() as { name: string }[]).map(
    (row) => row.name,
  );
}

/** Every table of the schema but SQLite's own, virtual tables and their shadow tables. */
function replicatedTables(raw: BetterSqlite3.Database): TableShape[] {
  const virtual = virtualTables(raw);
  const shadow = (name: string) => virtual.some((table) => name.startsWith(`${table}_`));
  const names = (raw.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[])
    .filter((row) => !virtual.includes(row.name) && !shadow(row.name))
    .map((row) => ({ name: row.name, withoutRowid: /\bWITHOUT\s+ROWID\s*$/i.test(row.sql.trim()), autoincrement: /\bAUTOINCREMENT\b/i.test(row.sql) }));
  return names.map(({ name, withoutRowid, autoincrement }) => {
    const info = raw.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string; pk: number }[];
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    return { name, columns: info.map((column) => column.name), primaryKey: withoutRowid ? primaryKey : undefined, autoincrement };
  });
}

/** Notes each key a write touches; an update that moves a row's key notes both. */
function dirtyTriggers(shape: TableShape): string {
  const keyOf = (row: 'NEW' | 'OLD') => (shape.primaryKey ? `json_array(${shape.primaryKey.map((column) => `${row}.${quote(column)}`).join(', ')})` : `${row}.rowid`);
  // A plain insert into a table without keys: no conflict to meet, whatever an outer statement's own conflict clause says.
  const note = (row: 'NEW' | 'OLD') => `INSERT INTO temp.folio_dirty (tbl, k) VALUES ('${shape.name}', ${keyOf(row)});`;
  const name = (op: string) => quote(`folio_dirty_${shape.name}_${op}`);
  const table = `main.${quote(shape.name)}`;
  const when = `WHEN NOT ${REPLAYING_FUNCTION}()`;
  // An update that moves a row's key leaves its old key gone: noted too, by a trigger of its own (most updates keep the key).
  const keyMoved = shape.primaryKey ? `(${shape.primaryKey.map((column) => `OLD.${quote(column)} IS NOT NEW.${quote(column)}`).join(' OR ')})` : 'OLD.rowid IS NOT NEW.rowid';
  return `
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('i')} AFTER INSERT ON ${table} ${when} BEGIN ${note('NEW')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('u')} AFTER UPDATE ON ${table} ${when} BEGIN ${note('NEW')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('k')} AFTER UPDATE ON ${table} WHEN ${keyMoved} AND NOT ${REPLAYING_FUNCTION}() BEGIN ${note('OLD')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${name('d')} AFTER DELETE ON ${table} ${when} BEGIN ${note('OLD')} END;`;
}

/**
 * Recreates the engine's triggers on the working copy so that they do nothing while rows are
 * replayed (their effects are rows of their own, replayed too); those that feed a full-text
 * index stay as they are. Only a hub's working copy is rewritten: a data dir never is.
 */
function guardTriggers(raw: BetterSqlite3.Database, virtual: readonly string[]): void {
  const triggers = raw.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL").all() as { name: string; sql: string }[];
  const feedsIndex = (sql: string) => virtual.some((table) => new RegExp(`INSERT\\s+INTO\\s+${table}\\s*\\(`, 'i').test(sql));
  raw.transaction(() => {
    for (const trigger of triggers) {
      if (feedsIndex(trigger.sql) || trigger.sql.includes(`${REPLAYING_FUNCTION}()`)) continue;
      const begin = /\bBEGIN\b/i.exec(trigger.sql);
      if (!begin) throw new Error(`trigger ${trigger.name} has no BEGIN`);
      const head = trigger.sql.slice(0, begin.index);
      const when = /\bWHEN\b/i.exec(head);
      const guarded = when
        ? `${head.slice(0, when.index)}WHEN NOT ${REPLAYING_FUNCTION}() AND (${head.slice(when.index + 4).trim()}) ${trigger.sql.slice(begin.index)}`
        : `${head.trimEnd()} WHEN NOT ${REPLAYING_FUNCTION}() ${trigger.sql.slice(begin.index)}`;
      raw.exec(`DROP TRIGGER ${quote(trigger.name)}`);
      raw.exec(guarded);
    }
  })();
}
