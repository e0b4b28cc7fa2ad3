/**
 * Whether the demo seed has anything to do, asked before its modules are
 * loaded: they reach most areas, and a restart (the usual start) never
 * needs them.
 */
import type { Db } from './connect';
import { users } from '../areas/access/schema';

/** Only an empty users table is seeded: a database someone has used is never touched. */
export async function hasNoUsers(db: Db): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length === 0;
}
