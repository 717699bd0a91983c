// Savepoints inside a use case's transaction: work that may be redone (a usage invoice rebuilt once
// its lines are settled under the usage lock) goes back to the savepoint instead of failing the
// whole transaction. Names are fixed identifiers chosen by the caller, never user input.
import { sql } from 'kysely';
import type { Tx } from './database.ts';

export interface Savepoint {
  rollback(): Promise<void>;
  release(): Promise<void>;
}

export async function savepoint(tx: Tx, name: string): Promise<Savepoint> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`savepoint name ${name} is not a plain identifier`);
  const id = sql.id(name);
  await sql`savepoint ${id}`.execute(tx);
  return {
    rollback: async () => void (await sql`rollback to savepoint ${id}`.execute(tx)),
    release: async () => void (await sql`release savepoint ${id}`.execute(tx)),
  };
}
