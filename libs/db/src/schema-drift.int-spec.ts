import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

/**
 * Holds `schema.ts` (the Kysely `DB` interface the code is type-checked against) to the database the migrations build
 * (docs/sql.md, "The schema drift test"). TypeScript's types are gone at run time, so schema.ts is read with the
 * compiler's parser: for every table of `DB`, each column's select type (what `Selectable` gives: the first argument of
 * `ColumnType`, `Generated` and `GeneratedAlways` unwrapped, the file's own aliases followed) is compared with
 * `information_schema.columns` of a freshly migrated database: the same columns, the same nullability (`| null` ⇔
 * NULL allowed; not checked on views, which Postgres reports as all nullable), and a TypeScript type that is what the
 * pg driver gives for the column's type (`PG_TYPES`).
 */

/** What the pg driver returns for each Postgres type, as schema.ts spells it (libs/db/src/database.ts sets int8 and date). */
const PG_TYPES: Record<string, string[]> = {
  uuid: ['string'],
  text: ['string'],
  varchar: ['string'],
  bpchar: ['string'],
  citext: ['string'],
  inet: ['string'],
  int2: ['number'],
  int4: ['number'],
  int8: ['number'],
  float8: ['number'],
  numeric: ['string'],
  bool: ['boolean'],
  timestamptz: ['Date'],
  timestamp: ['Date'],
  date: ['string'],
  json: ['json', 'unknown'],
  jsonb: ['json', 'unknown'],
  bytea: ['Buffer'],
  _int8: ['string[]'],
  _int4: ['number[]'],
  _text: ['string[]'],
  _uuid: ['string[]'],
};

/**
 * Columns Postgres reports as nullable that never hold NULL, which schema.ts rightly declares without `| null`, each
 * with the reason. Keep it short: anything else nullable in the database is `| null` in schema.ts.
 */
const NEVER_NULL: Record<string, string> = {
  'users.email_key':
    'generated from email (NOT NULL) by email_identity_key, a STRICT function that never returns NULL (migration 0005)',
};

interface SchemaColumn {
  /** The select type's kinds: 'string', 'number', 'boolean', 'Date', 'json' (an object type), 'unknown', 'string[]', … */
  kinds: string[];
  nullable: boolean;
  /** The property's type as written in schema.ts. */
  text: string;
}

/** The tables of schema.ts's `DB` interface, each with its columns' select types. */
export function readSchemaFile(file: string): Map<string, Map<string, SchemaColumn>> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeNode>();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
  }
  const property = (owner: ts.InterfaceDeclaration, name: string) =>
    owner.members.find(
      (m): m is ts.PropertySignature => ts.isPropertySignature(m) && !!m.type && m.name.getText(source) === name,
    );

  /** The select type of a type node: its kinds and whether it admits null. */
  const resolve = (node: ts.TypeNode, seen: string[] = []): { kinds: Set<string>; nullable: boolean } => {
    const one = (kind: string) => ({ kinds: new Set([kind]), nullable: false });
    if (ts.isParenthesizedTypeNode(node)) return resolve(node.type, seen);
    if (ts.isUnionTypeNode(node)) {
      const kinds = new Set<string>();
      let nullable = false;
      for (const member of node.types) {
        const r = resolve(member, seen);
        r.kinds.forEach((k) => kinds.add(k));
        nullable ||= r.nullable;
      }
      return { kinds, nullable };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { kinds: new Set(), nullable: true };
      if (ts.isStringLiteral(node.literal)) return one('string');
      if (ts.isNumericLiteral(node.literal)) return one('number');
      return one('boolean');
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return one('string');
      case ts.SyntaxKind.NumberKeyword:
        return one('number');
      case ts.SyntaxKind.BooleanKeyword:
        return one('boolean');
      case ts.SyntaxKind.BigIntKeyword:
        return one('bigint');
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
        return one('unknown');
      case ts.SyntaxKind.UndefinedKeyword:
      case ts.SyntaxKind.NeverKeyword:
        return { kinds: new Set(), nullable: false };
    }
    if (ts.isArrayTypeNode(node)) {
      const element = resolve(node.elementType, seen);
      return one(`${[...element.kinds].join('|')}[]`);
    }
    if (ts.isTypeLiteralNode(node)) return one('json');
    if (
      ts.isIndexedAccessTypeNode(node) &&
      ts.isTypeReferenceNode(node.objectType) &&
      ts.isLiteralTypeNode(node.indexType) &&
      ts.isStringLiteral(node.indexType.literal)
    ) {
      const owner = interfaces.get(node.objectType.typeName.getText(source));
      const member = owner && property(owner, node.indexType.literal.text);
      if (member?.type) return resolve(member.type, seen);
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      const args = node.typeArguments ?? [];
      if ((name === 'Generated' || name === 'GeneratedAlways' || name === 'ColumnType') && args[0])
        return resolve(args[0], seen);
      if (name === 'Date' || name === 'Buffer') return one(name);
      const alias = aliases.get(name);
      if (alias && !seen.includes(name)) return resolve(alias, [...seen, name]);
      if (interfaces.has(name)) return one('json');
    }
    throw new Error(`schema.ts: cannot read the type ${node.getText(source)}`);
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts declares no DB interface');
  const tables = new Map<string, Map<string, SchemaColumn>>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = interfaces.get(member.type.typeName.getText(source));
    if (!table) throw new Error(`schema.ts: DB.${member.name.getText(source)} names no interface of the file`);
    const columns = new Map<string, SchemaColumn>();
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const { kinds, nullable } = resolve(column.type);
      columns.set(column.name.getText(source), {
        kinds: [...kinds].sort(),
        nullable,
        text: column.type.getText(source),
      });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

interface DatabaseColumn {
  table: string;
  column: string;
  udt: string;
  nullable: boolean;
  view: boolean;
}

/** Every difference between schema.ts and the database, one line each: `table.column: in schema.ts …, in the database …`. */
export function schemaDrift(schema: Map<string, Map<string, SchemaColumn>>, columns: DatabaseColumn[]): string[] {
  const problems: string[] = [];
  const byTable = new Map<string, DatabaseColumn[]>();
  for (const c of columns) (byTable.get(c.table) ?? byTable.set(c.table, []).get(c.table)!).push(c);
  for (const [table, wanted] of schema) {
    const actual = byTable.get(table);
    if (!actual) {
      problems.push(`${table}: in schema.ts, missing in the database`);
      continue;
    }
    for (const c of actual) {
      const declared = wanted.get(c.column);
      const nullText = c.nullable ? ' NULL' : ' NOT NULL';
      if (!declared) {
        problems.push(
          `${table}.${c.column}: missing in schema.ts, in the database as ${c.udt}${c.view ? '' : nullText}`,
        );
        continue;
      }
      const allowed = PG_TYPES[c.udt];
      if (!allowed)
        problems.push(
          `${table}.${c.column}: in the database as ${c.udt}, a type the drift test does not know (add it to PG_TYPES)`,
        );
      else if (declared.kinds.length === 0 || !declared.kinds.every((k) => allowed.includes(k)))
        problems.push(
          `${table}.${c.column}: in schema.ts as ${declared.text} (${declared.kinds.join(' | ') || 'nothing'}), in the database as ${c.udt} (read as ${allowed.join(' or ')})`,
        );
      if (
        !c.view &&
        declared.nullable !== c.nullable &&
        !(c.nullable && !declared.nullable && `${table}.${c.column}` in NEVER_NULL)
      )
        problems.push(
          `${table}.${c.column}: in schema.ts as ${declared.text} (${declared.nullable ? 'nullable' : 'not null'}), in the database as ${c.udt}${nullText}`,
        );
    }
    const present = new Set(actual.map((c) => c.column));
    for (const [column, declared] of wanted)
      if (!present.has(column))
        problems.push(`${table}.${column}: in schema.ts as ${declared.text}, missing in the database`);
  }
  return problems;
}

describe('schema.ts and the migrated database (schema drift)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('declare the same tables, columns, nullability and types', async () => {
    const schema = readSchemaFile(path.join(process.cwd(), 'libs/db/src/schema.ts'));
    const { rows } = await sql<{ table: string; column: string; udt: string; nullable: boolean; view: boolean }>`
      SELECT c.table_name AS table, c.column_name AS column, c.udt_name AS udt, c.is_nullable = 'YES' AS nullable, t.table_type = 'VIEW' AS view
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public'
      ORDER BY c.table_name, c.ordinal_position
    `.execute(t.db);
    const problems = schemaDrift(schema, rows);
    if (problems.length > 0)
      throw new Error(
        `libs/db/src/schema.ts differs from the migrated database (fix schema.ts):\n  ${problems.join('\n  ')}`,
      );
    expect(schema.size).toBeGreaterThan(30);
  });

  it('reads the file the way the test needs', () => {
    const schema = readSchemaFile(path.join(process.cwd(), 'libs/db/src/schema.ts'));
    expect(schema.get('wallets')?.get('main')).toEqual({ kinds: ['number'], nullable: false, text: 'DefaultMoney' });
    expect(schema.get('transactions')?.get('play_check')).toMatchObject({ kinds: ['json'], nullable: true });
    expect(schema.get('limit_changes')?.get('kind')).toMatchObject({ kinds: ['string'], nullable: false });
    expect(
      schemaDrift(new Map([['t', new Map([['a', { kinds: ['number'], nullable: false, text: 'number' }]])]]), [
        { table: 't', column: 'a', udt: 'text', nullable: true, view: false },
      ]),
    ).toEqual([
      't.a: in schema.ts as number (number), in the database as text (read as string)',
      't.a: in schema.ts as number (not null), in the database as text NULL',
    ]);
  });
});
