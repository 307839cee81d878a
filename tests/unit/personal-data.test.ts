// The registry of personal data (worker/privacy/personal-data.ts) covers the whole schema: every table of
// drizzle/schema/ is declared, a member table classifies each of its columns, and nothing names a column that
// is not there. A table or column added without a classification fails here (and the archive and the erasure,
// which walk the registry, would miss it).
import { readdirSync } from "node:fs";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { memberTables, otherTables } from "../../worker/privacy/personal-data";

/** Every table exported by a file of drizzle/schema/ (what drizzle-kit makes the migrations from). */
const schemaDir = new URL("../../drizzle/schema/", import.meta.url);
const schemaModules: Record<string, unknown>[] = await Promise.all(
  readdirSync(schemaDir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => import(new URL(file, schemaDir).href)),
);
const schemaTables = schemaModules
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable));

describe("the registry of personal data", () => {
  it("declares every table of the schema, once", () => {
    const declared = [...memberTables, ...otherTables].map((t) => getTableName(t.table));
    expect(new Set(declared).size).toBe(declared.length);
    expect(schemaTables.length).toBeGreaterThan(30);
    for (const table of schemaTables) expect(declared, getTableName(table)).toContain(getTableName(table));
  });

  it("classifies every column of every member table, and only columns that exist", () => {
    for (const entry of memberTables) {
      const columns = Object.keys(getTableColumns(entry.table)).sort();
      expect(Object.keys(entry.columns).sort(), entry.name).toEqual(columns);
      expect(getTableName(entry.table)).toBe(entry.name);
    }
  });

  it("keeps only the tables the law keeps, and erases the account last", () => {
    const kept = memberTables.filter((t) => t.erasure === "pseudonymise").map((t) => t.name);
    expect(kept.sort()).toEqual(
      [
        "accounts",
        "credit_ledger",
        "ops_audit_log",
        "orders",
        "payments",
        "refunds",
        "subscriptions",
        "withdrawals",
      ].sort(),
    );
    expect(memberTables.at(-1)?.name).toBe("accounts");
  });

  it("hands out no secret and names a file for each kind of data the archive must hold", () => {
    const files = memberTables.map((t) => t.file).filter(Boolean);
    for (const kind of [
      "account",
      "messages",
      "likes",
      "visits",
      "photos",
      "payments",
      "subscriptions",
      "consents",
    ])
      expect(files).toContain(kind);
    const accounts = memberTables.find((t) => t.name === "accounts");
    expect(accounts?.columns.passwordHash).toBe("secret");
  });
});
