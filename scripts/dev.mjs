// `npm run dev`: everything in watch mode. tsc rebuilds the server packages, node --watch restarts api and worker,
// Vite serves the web app with hot reload (proxying /api and /socket.io to the api), maildev catches mail.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { canConnect, REPO_ROOT, startChild, stopOnSignals } from './lib/processes.mjs';

const API_PORT = Number(process.env.PORT || 3000);
const WEB_PORT = 5173;
const env = {
  ...process.env,
  PORT: String(API_PORT),
  // Links in mails point at the Vite dev server, which proxies the api.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${WEB_PORT}`,
  // The api serves no built web app in development: Vite does.
  WEB_DIST: process.env.WEB_DIST ?? '',
  CASEBRIDGE_API_URL: `http://127.0.0.1:${API_PORT}`,
  // The worker answers as the sandbox partner straight to the api, not through Vite's proxy.
  SANDBOX_API_URL: process.env.SANDBOX_API_URL || `http://127.0.0.1:${API_PORT}`,
};

stopOnSignals();

startChild('tsc', process.execPath, [
  'node_modules/typescript/bin/tsc',
  '-b',
  'libs/contracts',
  'libs/server-core',
  'libs/db',
  'api',
  'worker',
  '--watch',
  '--preserveWatchOutput',
]);

// node --watch needs the entry files; wait for the first compile to produce them.
const entries = ['api/dist/main.js', 'worker/dist/main.js'].map((file) => path.join(REPO_ROOT, file));
while (!entries.every((file) => existsSync(file))) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}

startChild('api', process.execPath, ['--watch', 'api/dist/main.js'], env);
startChild('worker', process.execPath, ['--watch', 'worker/dist/main.js'], env);
startChild('web', 'npm', ['run', 'dev', '-w', 'web', '--', '--port', String(WEB_PORT), '--strictPort'], env);

if (await canConnect('127.0.0.1', 1025)) {
  console.log('SMTP port 1025 is taken; assuming a mail catcher already runs there.');
} else {
  startChild('maildev', process.execPath, [
    'node_modules/maildev/bin/maildev',
    '--smtp',
    '1025',
    '--web',
    '1080',
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
  ]);
}

console.log(
  `\nDev stack: web http://localhost:${WEB_PORT}  api http://127.0.0.1:${API_PORT}/api  mail http://127.0.0.1:1080\n` +
    'The database is not reset here; run `npm run db:reset` once first. Ctrl-C stops everything.\n',
);
