// Command-line options of the bench scripts: `--name=value`, `--name value` and bare `--flag`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Parses argv into { name: value | true }; unknown names are the caller's concern. */
export function parseArgs(argv = process.argv.slice(2)) {
  const options = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (!argument.startsWith('--')) throw new Error(`Unexpected argument "${argument}" (options start with --)`);
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) options[name] = inline;
    else if (argv[index + 1] !== undefined && !argv[index + 1].startsWith('--')) options[name] = argv[++index];
    else options[name] = true;
  }
  return options;
}

/** A positive integer option, or the fallback when absent. */
export function intOption(options, name, fallback) {
  if (options[name] === undefined) return fallback;
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** Sizes of the generated network: the defaults, or a quick --small variant. */
export function generationSizes(options) {
  const base = options.small
    ? { companies: 50, users: 500, cases: 2_000 }
    : { companies: 1_000, users: 20_000, cases: 100_000 };
  return {
    companies: intOption(options, 'companies', base.companies),
    users: intOption(options, 'users', base.users),
    cases: intOption(options, 'cases', base.cases),
  };
}

const PROTECTED_DATABASES = new Set(['casebridge', 'casebridge_e2e', 'postgres', 'template0', 'template1', 'test']);

/** The bench database: its own name on DATABASE_URL's server; never the demo, e2e or test databases. */
export function benchDatabase(options) {
  const name = String(options.database ?? process.env.BENCH_DATABASE ?? 'casebridge_bench');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsupported bench database name "${name}"`);
  if (PROTECTED_DATABASES.has(name) || name.startsWith('casebridge_test')) {
    throw new Error(`Refusing to use "${name}" as the bench database: it belongs to the demo, e2e or tests`);
  }
  const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/casebridge');
  server.pathname = `/${name}`;
  const maintenance = new URL(server);
  maintenance.pathname = '/postgres';
  return { name, url: server.toString(), maintenanceUrl: maintenance.toString() };
}
