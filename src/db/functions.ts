// Stored functions live one per file in db/functions/ and are applied with `create or replace`
// after the migrations, at every start, under the migrations' advisory lock (like Flyway's
// repeatable migrations). A file is applied again only when its text changed: its SHA-256 is kept
// in schema_functions, so a start with nothing changed reads one table and writes nothing.
// retired.sql, which drops the versions no process calls any more, is applied after the others.
// Why versions by name: during a rolling deploy the processes of the previous release keep calling
// the version they know while the new release calls its own (CONTRIBUTING.md, docs/metering.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptRunner } from './database.ts';

export const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));
const RETIRED_FILE = 'retired.sql';
const FILE_NAME = /^[a-z0-9_]+\.sql$/;

/**
 * Applies the files of `dir` whose text changed since they were last applied; returns their names
 * (as `functions/<file>`). Runs on the migrations' connection, which holds their lock.
 */
export async function applyFunctions(run: ScriptRunner, dir: string = FUNCTIONS_DIR): Promise<string[]> {
  const names = readdirSync(dir).filter((f) => FILE_NAME.test(f));
  const ordered = [...names.filter((f) => f !== RETIRED_FILE).sort(), ...names.filter((f) => f === RETIRED_FILE)];
  const applied = new Map((await run('select name, sha256 from schema_functions')).map((r) => [String(r.name), String(r.sha256)]));
  const ran: string[] = [];
  for (const file of ordered) {
    const text = readFileSync(join(dir, file), 'utf8');
    const sha256 = createHash('sha256').update(text).digest('hex');
    if (applied.get(file) === sha256) continue;
    // The name is checked above and the hash is hex, so both can be inlined safely.
    try {
      await run(
        `begin;\n${text}\n;insert into schema_functions (name, sha256) values ('${file}', '${sha256}')\n` +
          `on conflict (name) do update set sha256 = excluded.sha256, applied_at = now();\ncommit;`,
      );
    } catch (error) {
      await run('rollback');
      throw new Error(`stored function ${file} failed: ${(error as Error).message}`);
    }
    ran.push(`functions/${file}`);
  }
  return ran;
}
