// `npm run build`: the service (src/main.ts) and the CLI (src/cli.ts) as esbuild bundles in dist/src/
// (scripts/bundle.ts; what they share, and what they load on first use, are chunks beside them),
// with every file beside the sources that code reads at run time (SQL migrations and any other
// non-TypeScript file under src/) copied to the same place under dist/, so dist/ runs on its own:
// `npm run start:prod`, `node dist/src/cli.js`. Last, it saves an initialised and migrated empty
// embedded database that first starts copy instead of running initdb and the migrations
// (src/db/pglite-template.ts).
//
// The build does not type-check: `npm run typecheck` (tsc) does, and CI runs it before the tests.
// tsc compiling every module to dist/ took about 36 s of CPU, and nothing ran its output but the CLI
// (docs/decisions/operations.md, "Production start").
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { saveTemplate, templateName } from '../src/db/pglite-template.ts';
import { bundle } from './bundle.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = `${root}src`;
const dist = `${root}dist`;
/** Where src/ lands (the layout of the repository is kept under dist/). */
const distSrc = `${dist}/src`;

rmSync(dist, { recursive: true, force: true });
// Everything but TypeScript: bundled code finds these files at its modules' places under dist/src/.
cpSync(src, distSrc, { recursive: true, filter: (path) => !path.endsWith('.ts') });
try {
  await bundle({
    entryPoints: { main: `${src}/main.ts`, cli: `${src}/cli.ts` },
    outdir: distSrc,
    // A module of the repository finds its neighbours where its own file would be in dist/ (its
    // folder holds the copied files); a package's files stay in node_modules.
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

// The template, made by the sources (their migrations are the ones copied), saved where the
// bundled src/db/pglite-template.ts looks for it: dist/src/db/.
const scratch = mkdtempSync(join(tmpdir(), 'billing-build-'));
try {
  const cluster = join(scratch, 'cluster');
  const database = await openDatabase({ databaseUrl: null, dataDir: cluster });
  await migrate(database);
  await database.close();
  const saved = saveTemplate(cluster, join(distSrc, 'db', templateName()));
  if (!existsSync(join(saved, 'PG_VERSION'))) throw new Error(`the template was not saved at ${saved}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log('built dist/ (start it with npm run start:prod)');
