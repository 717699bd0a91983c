// Operator commands: `npm run cli -- accounts create --name "Acme" [--slug acme] [--json]`, `npm run cli -- migrate`.
// They use the same settings as the service (DATABASE_URL or DATA_DIR). The embedded database
// accepts one process at a time: stop the service first, or use POST /admin/accounts.
import { Command } from 'commander';
import { loadConfig } from './config.ts';
import { openMigratedDatabase } from './server.ts';
import { createAccount } from './modules/accounts/service.ts';

const program = new Command().name('billing').description('Operator commands of the billing service');

program
  .command('migrate')
  .description('apply database migrations')
  .action(async () => {
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
  .option('--json', 'print JSON')
  .action(async (options: { name: string; slug?: string; json?: boolean }) => {
    const database = await openMigratedDatabase(loadConfig());
    try {
      const created = await database.db.transaction().execute((tx) => createAccount(tx, { name: options.name, slug: options.slug }, new Date()));
      if (options.json) {
        console.log(JSON.stringify(created, null, 2));
      } else {
        console.log(`Account ${created.account.name} (${created.account.slug}) ${created.account.id}`);
        for (const key of created.keys) console.log(`  ${key.environment.padEnd(10)} ${key.type.padEnd(11)} ${key.key}`);
      }
    } finally {
      await database.close();
    }
  });

program.parseAsync().catch((error: Error & { message: string }) => {
  console.error(error.message);
  process.exit(1);
});
