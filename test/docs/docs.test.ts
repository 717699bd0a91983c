// The docs run as tests (issue #31, item 2): every block marked `run` in README.md, each
// docs/*.md guide and each packages/*/README.md runs in order, one bash session per document,
// against one service started as the README starts it (a child process on the embedded database in
// a fresh data folder). A block fails on its first failing command, and any curl answer other than
// 2xx fails it (CONTRIBUTING.md, "Docs that run"). README.md runs with the development account the
// first start prints; every other document gets an account of its own, so documents never see each
// other's records.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../harness.ts';
import { freePortPair, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';
import { runnableBlocks, type RunnableBlock } from './blocks.ts';
import { ShellSession } from './shell-session.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Per block: generous, for a busy shared machine (a block may start node a dozen times). */
const BLOCK_TIMEOUT_MS = 300_000;

async function documents(): Promise<string[]> {
  const guides = (await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  const packages = (await readdir(join(ROOT, 'packages'))).sort().map((p) => `packages/${p}/README.md`);
  return ['README.md', ...guides, ...packages];
}

const docs = await Promise.all(
  (await documents()).map(async (doc) => ({ doc, blocks: runnableBlocks(await readFile(join(ROOT, doc), 'utf8').catch(() => '')) })),
);

let service: ServiceProcess;
let dataDir: string;
let devKey: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'docs-data-'));
  const [port] = await freePortPair();
  // The embedded database whatever the suite runs on: the README's first start. Empty = unset.
  // A reader types slower than a script: the keyless budget per address (60 units per 10 s, an
  // order or charge 25) would hold the README's checkout, Pix charge and shop order to a 429.
  service = new ServiceProcess(port, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', KEYLESS_BUDGET_PER_ADDRESS: '1000' });
  await service.start().catch(() => waitUntilReady(service, 3 * START_TIMEOUT_MS));
  const dev = JSON.parse(await readFile(join(dataDir, 'dev-account.json'), 'utf8')) as { keys: Array<{ key: string; type: string; environment: string }> };
  devKey = dev.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
}, 4 * START_TIMEOUT_MS + 30_000);

/** A first start (initdb, every migration) on a machine running several suites can outlast
 * ServiceProcess's wait (a first start took over 5 minutes at a load average of 30); the process
 * is still starting, so wait longer. */
async function waitUntilReady(starting: ServiceProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && starting.child?.exitCode === null) {
    if (await fetch(`${starting.url}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the service did not start:\n${starting.output.join('')}`);
}

afterAll(async () => {
  await service?.kill('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A folder that looks like the repository (each top-level entry linked) for the blocks to run in,
 * so `npm run cli` and TypeScript imports work and whatever a block writes lands outside it. */
async function workFolder(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'docs-run-'));
  const links: string[] = [];
  for (const entry of await readdir(ROOT)) {
    if (['data', '.git', 'test-results', 'coverage', 'dist'].includes(entry)) continue;
    await symlink(join(ROOT, entry), join(dir, entry));
    links.push(join(dir, entry));
  }
  // The links go first, one by one, so removing the folder can never reach the repository.
  return { dir, remove: async () => {
    for (const link of links) await unlink(link);
    await rm(dir, { recursive: true, force: true });
  } };
}

async function accountKey(name: string): Promise<string> {
  const slug = `docs-${randomBytes(6).toString('hex')}`;
  const res = await fetch(`${service.url}/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, slug }),
  });
  const body = (await res.json()) as { keys: Array<{ key: string; type: string; environment: string }> };
  if (res.status !== 201) throw new Error(`POST /admin/accounts answered ${res.status}: ${JSON.stringify(body)}`);
  return body.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
}

/** The shell text that runs a block: itself, or a TypeScript block saved beside and run by tsx. */
async function scriptOf(block: RunnableBlock, dir: string, index: number): Promise<string> {
  if (block.language === 'sh') return block.code;
  const file = join(dir, `block-${index}.mts`);
  await writeFile(file, block.code);
  return `node --import tsx ${file}\n`;
}

const counts: Record<string, number> = {};

describe('the docs run as written', () => {
  it('finds runnable blocks in the README, the guides and the package READMEs', () => {
    const byDoc = Object.fromEntries(docs.map((d) => [d.doc, d.blocks.length]));
    expect(byDoc['README.md']).toBeGreaterThan(5);
    expect(byDoc['docs/subscriptions.md']).toBeGreaterThan(0);
    expect(byDoc['docs/webhooks.md']).toBeGreaterThan(0);
    expect(byDoc['packages/rail-middleware/README.md']).toBeGreaterThan(0);
  });

  for (const { doc, blocks } of docs.filter((d) => d.blocks.length > 0)) {
    // Documents run side by side (their own accounts, ports and folders): the README is the long one.
    it.concurrent(`${doc}: ${blocks.length} blocks`, { timeout: BLOCK_TIMEOUT_MS * blocks.length }, async () => {
      const { dir, remove } = await workFolder();
      const key = doc === 'README.md' ? devKey : await accountKey(doc);
      const [hooksPort, sellerPort] = await freePortPair();
      const session = await ShellSession.open(dir, {
        // The reader's PATH, not npm's: no node_modules/.bin, so a block cannot lean on a tool
        // `npm ci` installed without saying so.
        PATH: (process.env.PATH ?? '/usr/bin:/bin').split(':').filter((p) => !p.includes('node_modules')).join(':'),
        HOME: process.env.HOME ?? dir,
        LANG: 'C.UTF-8',
        // What the README has a reader export, and the ports a reader would pick (3000 by default,
        // taken on a busy machine): the webhook receiver's and the Rail seller's.
        BASE: service.url,
        KEY: key,
        ADMIN_TOKEN,
        HOOKS_PORT: String(hooksPort),
        SELLER_PORT: String(sellerPort),
      });
      try {
        for (const [i, block] of blocks.entries()) {
          const started = performance.now();
          const output = await session.run(await scriptOf(block, dir, i), `${doc}:${block.line}`, BLOCK_TIMEOUT_MS);
          counts[doc] = i + 1;
          // DOCS_VERBOSE=1 shows what each block printed, and how long it took.
          if (process.env.DOCS_VERBOSE) console.log(`--- ${doc}:${block.line} (${Math.round(performance.now() - started)} ms)\n${output}`);
        }
      } finally {
        await session.close();
        await remove();
      }
      expect(counts[doc]).toBe(blocks.length);
    });
  }

  afterAll(() => console.log(`docs: blocks run per document ${JSON.stringify(counts)}`));
});
