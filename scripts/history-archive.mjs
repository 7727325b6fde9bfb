// node scripts/history-archive.mjs verify <manifest.json>
// DATABASE_URL=… node scripts/history-archive.mjs restore <manifest.json> [schema]
//
// An archived partition of the money history (docs/partitions.md) is `<partition>.jsonl.gz` (one JSON object a row,
// gzip) beside `<partition>.manifest.json` (its table, month, columns, rows and the sha256 of the .gz file).
// `verify` checks the file's sha256 and its number of rows against the manifest: exit 0 when they agree, 1 when not.
// `restore` verifies, then loads the rows into `<schema>.<partition>` (schema `archive_restore` unless given), a
// table of the manifest's columns, outside the partitioned table: archived postings are already in the accounts'
// opening balances (archived_balances), so putting them back among the live postings would count them twice.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';

const FORMAT = 'winround-partition-archive/1';
const IDENT = /^[a-z_][a-z0-9_]*$/;

/** The manifest, and the archive file it names, checked: throws with what differs. */
export async function verifyArchive(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.format !== FORMAT) throw new Error(`${manifestPath}: not a ${FORMAT} manifest`);
  const file = path.join(path.dirname(manifestPath), manifest.file);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  const sha256 = hash.digest('hex');
  if (sha256 !== manifest.sha256) throw new Error(`${file}: sha256 ${sha256}, the manifest says ${manifest.sha256}`);
  let rows = 0;
  for await (const line of createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity }))
    if (line.length > 0) rows++;
  if (rows !== manifest.rows) throw new Error(`${file}: ${rows} rows, the manifest says ${manifest.rows}`);
  return { manifest, file };
}

/** Loads a verified archive into `<schema>.<partition>`; returns the number of rows loaded. */
export async function restoreArchive(manifestPath, databaseUrl, schema = 'archive_restore') {
  const { manifest, file } = await verifyArchive(manifestPath);
  if (!IDENT.test(schema) || !IDENT.test(manifest.partition)) throw new Error('not a plain schema or partition name');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const columns = manifest.columns.map((c) => `${pg.escapeIdentifier(c.name)} ${c.type}`).join(', ');
    await client.query(`CREATE TABLE ${schema}.${manifest.partition} (${columns})`);
    const insert = `INSERT INTO ${schema}.${manifest.partition} SELECT * FROM json_populate_recordset(NULL::${schema}.${manifest.partition}, $1::json)`;
    let batch = [];
    let loaded = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      // The lines go to Postgres as text: amounts are parsed there, exactly, never as JavaScript numbers.
      await client.query(insert, [`[${batch.join(',')}]`]);
      loaded += batch.length;
      batch = [];
    };
    for await (const line of createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    })) {
      if (line.length === 0) continue;
      batch.push(line);
      if (batch.length >= 5000) await flush();
    }
    await flush();
    if (loaded !== manifest.rows) throw new Error(`loaded ${loaded} rows, the manifest says ${manifest.rows}`);
    await client.query('COMMIT');
    return loaded;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, manifestPath, schema] = process.argv.slice(2);
  try {
    if (command === 'verify' && manifestPath) {
      const { manifest } = await verifyArchive(manifestPath);
      console.log(`${manifest.partition}: ${manifest.rows} rows, sha256 ${manifest.sha256}: verified`);
    } else if (command === 'restore' && manifestPath && process.env.DATABASE_URL) {
      const rows = await restoreArchive(manifestPath, process.env.DATABASE_URL, schema);
      const { partition } = JSON.parse(readFileSync(manifestPath, 'utf8'));
      console.log(`${partition}: ${rows} rows restored into ${schema ?? 'archive_restore'}.${partition}`);
    } else {
      console.error(
        'usage: node scripts/history-archive.mjs verify <manifest.json>\n       DATABASE_URL=… node scripts/history-archive.mjs restore <manifest.json> [schema]',
      );
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
