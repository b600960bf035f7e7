/**
 * SQLite persistence (better-sqlite3). A file database runs in WAL mode so the data survives a
 * restart and readers never block the writer; `:memory:` is for tests. Every money move runs
 * inside one `db.transaction(...)` in store.ts.
 *
 * Times are integer milliseconds since the epoch from the injected clock; money is integer
 * cents (CHECK constraints keep it so even if a bug slipped past validation).
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

export type Db = Database.Database;

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS companies (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);

-- Tokens are stored as sha256 hashes, never in plain text; "hint" is a short prefix for operators.
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  hint TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'revoked')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  revoked_at INTEGER
);

CREATE TABLE IF NOT EXISTS products (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  code TEXT
);
CREATE INDEX IF NOT EXISTS products_company ON products(company_id, seq);

CREATE TABLE IF NOT EXISTS benefits (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  description TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS benefits_company ON benefits(company_id, seq);

CREATE TABLE IF NOT EXISTS benefit_items (
  benefit_id TEXT NOT NULL REFERENCES benefits(id),
  position INTEGER NOT NULL,
  product_id TEXT NOT NULL REFERENCES products(id),
  monthly_amount INTEGER NOT NULL CHECK (monthly_amount >= 0 AND monthly_amount = CAST(monthly_amount AS INTEGER)),
  PRIMARY KEY (benefit_id, position)
);

CREATE TABLE IF NOT EXISTS employees (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  cpf TEXT NOT NULL,
  email TEXT,
  situation TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (company_id, cpf)
);
CREATE INDEX IF NOT EXISTS employees_company ON employees(company_id, situation, seq);
-- The unfiltered list pages in seq order: without this index every page sorted the whole company.
CREATE INDEX IF NOT EXISTS employees_company_seq ON employees(company_id, seq);

CREATE TABLE IF NOT EXISTS employee_conventions (
  employee_id TEXT NOT NULL REFERENCES employees(id),
  benefit_id TEXT NOT NULL REFERENCES benefits(id),
  PRIMARY KEY (employee_id, benefit_id)
);
CREATE INDEX IF NOT EXISTS employee_conventions_benefit ON employee_conventions(benefit_id);

-- Deposits (kind DEPOSIT) and the charges finalize creates for a PIX/BOLETO part (kind CHARGE).
-- "outcome" is the final state the charge reaches at "completes_at" unless cancelled first.
CREATE TABLE IF NOT EXISTS deposits (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  kind TEXT NOT NULL CHECK (kind IN ('DEPOSIT', 'CHARGE')),
  method TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0 AND amount = CAST(amount AS INTEGER)),
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED')),
  outcome TEXT NOT NULL CHECK (outcome IN ('COMPLETED', 'FAILED', 'EXPIRED')),
  created_at INTEGER NOT NULL,
  completes_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  final_at INTEGER,
  distribution_id TEXT,
  fingerprint TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS deposits_pending ON deposits(company_id, status, completes_at);

CREATE TABLE IF NOT EXISTS distributions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'processing', 'completed', 'failed')),
  benefit_convention_ids TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  finalized_at INTEGER,
  description TEXT,
  scheduled_for TEXT,
  payer_name TEXT,
  payer_document TEXT,
  invoice_descriptions TEXT,
  lot_id TEXT,
  lot_status TEXT,
  lot_outcome TEXT,
  lot_payment_method TEXT,
  lot_amount INTEGER,
  lot_balance_amount INTEGER,
  lot_charge_amount INTEGER,
  lot_transaction_id TEXT,
  lot_due_at INTEGER,
  lot_final_at INTEGER
);
CREATE INDEX IF NOT EXISTS distributions_company ON distributions(company_id, status);

CREATE TABLE IF NOT EXISTS items (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  distribution_id TEXT NOT NULL REFERENCES distributions(id),
  employee_id TEXT NOT NULL REFERENCES employees(id),
  UNIQUE (distribution_id, employee_id)
);
-- Item pages are read in seq order: without this index every page sorted the whole draft.
CREATE INDEX IF NOT EXISTS items_distribution_seq ON items(distribution_id, seq);

-- A value of 0 is stored as the absence of a row: "values" lists only what is paid.
-- WITHOUT ROWID: the rows live in their key's order, so a page's values are read from the key
-- alone (with a rowid, every value was one more lookup into the table).
CREATE TABLE IF NOT EXISTS item_values (
  distribution_id TEXT NOT NULL,
  employee_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0 AND value = CAST(value AS INTEGER)),
  PRIMARY KEY (distribution_id, employee_id, product_id)
) WITHOUT ROWID;

-- Every money move, signed cents (credits +, debits -). A DEPOSIT row mirrors its deposit's
-- status; a DISTRIBUTION row is PENDING while its lot runs, then COMPLETED or FAILED (refunded).
CREATE TABLE IF NOT EXISTS ledger (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  type TEXT NOT NULL CHECK (type IN ('DEPOSIT', 'DISTRIBUTION')),
  amount INTEGER NOT NULL CHECK (amount = CAST(amount AS INTEGER)),
  status TEXT NOT NULL,
  transaction_id TEXT,
  distribution_id TEXT,
  description TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_company ON ledger(company_id, type, seq);

-- Each distribution's item count and total, kept by triggers: every item change answers the
-- updated totals, and summing a 50,000-item draft on each of its 60,000 changes would make the
-- sandbox, not the client, what a benchmark measures. Rebuilt from the items at every open.
CREATE TABLE IF NOT EXISTS distribution_totals (
  distribution_id TEXT PRIMARY KEY,
  employees INTEGER NOT NULL DEFAULT 0,
  amount INTEGER NOT NULL DEFAULT 0
);
CREATE TRIGGER IF NOT EXISTS items_totals_insert AFTER INSERT ON items BEGIN
  INSERT OR IGNORE INTO distribution_totals (distribution_id) VALUES (NEW.distribution_id);
  UPDATE distribution_totals SET employees = employees + 1 WHERE distribution_id = NEW.distribution_id;
END;
CREATE TRIGGER IF NOT EXISTS items_totals_delete AFTER DELETE ON items BEGIN
  UPDATE distribution_totals SET employees = employees - 1 WHERE distribution_id = OLD.distribution_id;
END;
CREATE TRIGGER IF NOT EXISTS item_values_totals_insert AFTER INSERT ON item_values BEGIN
  INSERT OR IGNORE INTO distribution_totals (distribution_id) VALUES (NEW.distribution_id);
  UPDATE distribution_totals SET amount = amount + NEW.value WHERE distribution_id = NEW.distribution_id;
END;
CREATE TRIGGER IF NOT EXISTS item_values_totals_update AFTER UPDATE OF value ON item_values BEGIN
  UPDATE distribution_totals SET amount = amount - OLD.value + NEW.value WHERE distribution_id = NEW.distribution_id;
END;
CREATE TRIGGER IF NOT EXISTS item_values_totals_delete AFTER DELETE ON item_values BEGIN
  UPDATE distribution_totals SET amount = amount - OLD.value WHERE distribution_id = OLD.distribution_id;
END;
`;

/** Recomputes every distribution's totals from its items (files written before the triggers). */
const REBUILD_TOTALS = `
DELETE FROM distribution_totals;
INSERT INTO distribution_totals (distribution_id, employees, amount)
SELECT d.id,
  (SELECT COUNT(*) FROM items i WHERE i.distribution_id = d.id),
  (SELECT COALESCE(SUM(v.value), 0) FROM item_values v WHERE v.distribution_id = d.id)
FROM distributions d;
`;

/** Distinct SQL texts kept compiled (the store's are a few dozen; `IN (?, …)` lists vary). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * `db.prepare` compiles its SQL every time it is called, and the store prepares at the point of
 * use: compiling was a fifth of the sandbox's time per request in `npm run bench`. The same SQL
 * text now returns the same compiled statement (safe: the store never `iterate()`s, so no
 * statement is reused while it is still running, and none is switched to `raw`/`pluck` mode).
 */
function memoizePrepare(db: Db): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      statement = compile(sql);
      cache.set(sql, statement);
    }
    return statement;
  }) as Db["prepare"];
}

export function openDb(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  memoizePrepare(db);
  if (file !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  db.exec(REBUILD_TOTALS);
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)").run(
    String(SCHEMA_VERSION),
  );
  return db;
}

/** Default database file: `.sandbox/sandbox.db` in the project root (git-ignored). */
export const DEFAULT_DB_FILE = path.join(__dirname, "..", ".sandbox", "sandbox.db");
