// `npm run build`: compiles the service (src/main.ts, src/cli.ts and what they import) to dist/ with
// tsc, then copies the files beside the sources that code reads at run time (SQL migrations and any
// other non-TypeScript file under src/), so dist/ runs on its own: `npm run start:prod`. Last, it
// saves an initialised and migrated empty embedded database that first starts copy instead of
// running initdb and the migrations (src/db/pglite-template.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = `${root}src`;
const dist = `${root}dist`;

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// Everything but TypeScript: compiled code finds these files next to itself, as the sources do.
cpSync(src, dist, { recursive: true, filter: (path) => !path.endsWith('.ts') });

const scratch = mkdtempSync(join(tmpdir(), 'billing-build-'));
try {
  // The compiled modules, so the copy lands beside them in dist/db/, migrated by the compiled code.
  const load = async <T>(module: string) => (await import(pathToFileURL(`${dist}/db/${module}.js`).href)) as T;
  const { openDatabase } = await load<typeof import('../src/db/database.ts')>('database');
  const { migrate } = await load<typeof import('../src/db/migrate.ts')>('migrate');
  const { saveTemplate } = await load<typeof import('../src/db/pglite-template.ts')>('pglite-template');
  const cluster = join(scratch, 'cluster');
  const database = await openDatabase({ databaseUrl: null, dataDir: cluster });
  await migrate(database);
  await database.close();
  saveTemplate(cluster);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('built dist/ (start it with npm run start:prod)');
