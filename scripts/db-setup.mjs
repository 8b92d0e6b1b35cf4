// Container start-up step (docker compose): apply pending migrations, and load the demo network only
// into an empty database, so restarting the stack never wipes or duplicates data.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/casebridge';

function node(script) {
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function hasUsers() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS count FROM users');
    return rows[0].count > 0;
  } finally {
    await client.end();
  }
}

node('libs/db/dist/cli/migrate.js');
if (await hasUsers()) {
  console.log('db-setup: database already holds data; demo seed skipped.');
} else {
  node('libs/db/dist/cli/seed.js');
}
