// `harness-lab migrate` (npm run db:migrate): apply the committed drizzle migrations to the store.
import { defaultDatabaseFile, openStore } from "../../../db/client";

export async function run(args: string[]): Promise<number> {
  if (args.length) {
    process.stderr.write("usage: harness-lab migrate   (the store is HARNESS_LAB_DB, default ./data/harness-lab.db)\n");
    return 2;
  }
  const store = openStore(defaultDatabaseFile());
  const applied = store.sqlite.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get();
  store.sqlite.close();
  process.stdout.write(`${store.file}: ${applied} migrations applied, schema up to date\n`);
  return 0;
}
