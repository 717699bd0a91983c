// Commands: `npm run cli -- accounts create --name "Acme" [--slug acme] [--json]`, `npm run cli -- migrate`
// (operators: the same settings as the service, DATABASE_URL or DATA_DIR; the embedded database
// accepts one process at a time, so stop the service first or use POST /admin/accounts), and
// `npm run cli -- webhooks listen --forward-to <url>` and the seller's commands (products, customers,
// usage, invoices, payments, events: cli/seller-commands.ts; subscriptions, coupons, refunds:
// cli/billing-commands.ts; storefronts, payment links: cli/selling-commands.ts), which use the HTTP
// API only (API_KEY and BASE_URL). `--version` prints the version. Exit codes: docs/cli.md.
//
// The operators' commands load the service's modules when they run, not at start: a seller's
// command talks HTTP only, and importing the whole service (its database, processors and chains)
// made every `billing products list` wait several seconds before its first request.
import { Command, CommanderError } from 'commander';
import { loadConfig } from './config.ts';
import { EXIT, exitCodeOf } from './cli/output.ts';
import { registerSellerCommands } from './cli/seller-commands.ts';
import { registerBillingCommands } from './cli/billing-commands.ts';
import { registerSellingCommands } from './cli/selling-commands.ts';
import { serviceVersion } from './core/version.ts';

// exitOverride before any command is added: subcommands inherit it, so a usage error is thrown
// here with commander's message already printed, and exits with the usage code.
const program = new Command()
  .name('billing')
  .description('Commands of the billing service: operators and sellers')
  .version(serviceVersion(), '-V, --version', "print the service's version (package.json)")
  .exitOverride();

program
  .command('migrate')
  .description('apply database migrations')
  .action(async () => {
    const { openMigratedDatabase } = await import('./server.ts');
    const database = await openMigratedDatabase(loadConfig());
    await database.close();
    console.log('migrations applied');
  });

const accounts = program.command('accounts').description('manage accounts');
accounts
  .command('create')
  .description('create an account with one secret and one publishable key per environment')
  .requiredOption('--name <name>', 'account name')
  .option('--slug <slug>', 'public slug used in checkout URLs')
  .option('--owner-email <email>', 'the dashboard owner: printed a one-time sign-in link (24 h); no password on a command line')
  .option('--json', 'print JSON')
  .action(async (options: { name: string; slug?: string; ownerEmail?: string; json?: boolean }) => {
    if (options.ownerEmail !== undefined && !/^[^@\s]+@[^@\s]+$/.test(options.ownerEmail)) throw new Error(`--owner-email: not an email: ${options.ownerEmail}`);
    const config = loadConfig();
    const [{ openMigratedDatabase }, { createAccount }] = await Promise.all([import('./server.ts'), import('./modules/accounts/index.ts')]);
    const database = await openMigratedDatabase(config);
    try {
      const owner = options.ownerEmail === undefined ? {} : { owner: { email: options.ownerEmail } };
      const { owner: member, ...created } = await database.db
        .transaction()
        .execute((tx) => createAccount(tx, { name: options.name, slug: options.slug, ...owner }, new Date()));
      const signInUrl = member?.signInToken ? `${config.baseUrl}/dashboard/sign-in/${member.signInToken}` : null;
      if (options.json) {
        const ownerView = member && { id: member.id, email: member.email, role: member.role, signInUrl };
        console.log(JSON.stringify({ ...created, ...(ownerView && { owner: ownerView }) }, null, 2));
      } else {
        console.log(`Account ${created.account.name} (${created.account.slug}) ${created.account.id}`);
        for (const key of created.keys) console.log(`  ${key.environment.padEnd(10)} ${key.type.padEnd(11)} ${key.key}`);
        if (member) console.log(`  owner      ${member.email} signs in once at ${signInUrl} (within 24 h)`);
      }
    } finally {
      await database.close();
    }
  });

const secrets = program.command('secrets').description('processor credentials at rest (docs/providers.md)');
secrets
  .command('rotate')
  .description(
    're-wrap every connection\'s data key under SECRETS_KEY (the new master key); the old key(s) given as SECRETS_KEY_PREVIOUS ' +
      '(comma separated) while it runs. Safe to run again; when it reports 0, remove SECRETS_KEY_PREVIOUS.',
  )
  .action(async () => {
    const config = loadConfig();
    const [{ openMigratedDatabase }, { keyringOf, rotateSecretsKey }, { rotateRelayerKeys, rotateRemoteFacilitatorKeys }] = await Promise.all([
      import('./server.ts'),
      import('./modules/providers/index.ts'),
      import('./flows/rail/index.ts'),
    ]);
    const keyring = keyringOf(config);
    if (!keyring) throw new Error('SECRETS_KEY (or SECRETS_KEY_FILE) is not set: there is no key to rotate to.');
    const database = await openMigratedDatabase(config);
    try {
      const rewrapped = await rotateSecretsKey(database.db, keyring);
      console.log(`${rewrapped} connection data key(s) re-wrapped under master key ${keyring.current.id}`);
      const relayers = (await rotateRelayerKeys(database.db, keyring)) + (await rotateRemoteFacilitatorKeys(database.db, keyring));
      console.log(`${relayers} Rail relayer and remote facilitator data key(s) re-wrapped under master key ${keyring.current.id}`);
    } finally {
      await database.close();
    }
  });

const webhooks = program.command('webhooks').description('webhooks while developing');
webhooks
  .command('listen')
  .description(
    'forward each event recorded from now on to a local URL, signed with a secret printed at start, a line per delivery ' +
      '(a failed forward is printed, not retried; the service keeps every event in GET /account/events)',
  )
  .requiredOption('--forward-to <url>', 'where to POST the events, e.g. http://localhost:3000/hooks')
  .option('--api-key <key>', 'secret key (default: $API_KEY)')
  .option('--base-url <url>', 'the service (default: $BASE_URL, else http://localhost:4000)')
  .option('--events <kinds>', 'comma-separated event kinds to forward (default: all)')
  .option('--interval <ms>', 'how often to read new events', '1000')
  .action(async (options: { forwardTo: string; apiKey?: string; baseUrl?: string; events?: string; interval: string }) => {
    const apiKey = options.apiKey ?? process.env.API_KEY;
    if (!apiKey) throw new Error('Set API_KEY (or --api-key) to a secret key of the account to listen to.');
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    process.once('SIGTERM', () => controller.abort());
    const { listen } = await import('./cli/webhooks-listen.ts');
    await listen({
      forwardTo: options.forwardTo,
      apiKey,
      baseUrl: options.baseUrl ?? process.env.BASE_URL ?? 'http://localhost:4000',
      events: options.events ? options.events.split(',').map((kind) => kind.trim()).filter(Boolean) : [],
      intervalMs: Math.max(100, Number(options.interval) || 1000),
      print: (line) => console.log(line),
      signal: controller.signal,
    });
    process.exit(0); // stopped: do not wait for idle keep-alive connections
  });

registerSellerCommands(program);
registerBillingCommands(program);
registerSellingCommands(program);

program.parseAsync().then(
  () => process.exit(EXIT.ok), // done: do not wait for idle keep-alive connections
  (error: unknown) => {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    const { code, message } = exitCodeOf(error);
    console.error(message);
    process.exit(code);
  },
);
