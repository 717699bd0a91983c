// `npm run build`: compiles the service (src/main.ts, src/cli.ts and what they import, the SDK of
// packages/sdk included: the CLI uses it) to dist/ with tsc, keeping the repository's layout
// (dist/src/main.js, dist/packages/sdk/src/...), then copies the files beside the sources that code reads at run time (SQL migrations and any
// other non-TypeScript file under src/), so dist/ runs on its own: `npm run start:prod`. The
// service's entry point, dist/src/main.js, is then replaced by one esbuild bundle of src/main.ts
// (scripts/bundle.ts; the CLI keeps tsc's files). Last, it saves an initialised and migrated
// empty embedded database that first starts copy instead of running initdb and the migrations
// (src/db/pglite-template.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle } from './bundle.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = `${root}src`;
const dist = `${root}dist`;
/** Where the compiled src/ lands (the layout of the repository is kept under dist/). */
const distSrc = `${dist}/src`;

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// Everything but TypeScript: compiled code finds these files next to itself, as the sources do.
cpSync(src, distSrc, { recursive: true, filter: (path) => !path.endsWith('.ts') });
// The service's entry point becomes one bundle (docs/decisions/operations.md, "One bundle"), whose
// code finds its neighbours (migrations, the saved cluster) where tsc put their compiled copies.
try {
  await bundle({
    entryPoints: { main: `${src}/main.ts` },
    outdir: distSrc,
    placeOf: (path) => {
      const inRepository = relative(root, path);
      const outside = path.includes(`${sep}node_modules${sep}`) || inRepository.startsWith('..');
      return outside ? path : join(dist, inRepository.replace(/\.ts$/, '.js'));
    },
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'billing-build-'));
try {
  // The compiled modules, so the copy lands beside them in dist/src/db/, migrated by the compiled code.
  const load = async <T>(module: string) => (await import(pathToFileURL(`${distSrc}/db/${module}.js`).href)) as T;
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
