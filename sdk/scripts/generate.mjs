/**
 * `npm run generate -w sdk`: writes src/generated/connect.ts from the api's contracts, no server and no build needed
 * (`node sdk/scripts/generate.mjs <file>` writes elsewhere: the test that keeps the committed file current does).
 * The api's sources are compiled on require with SWC and jest's options, and the workspace packages resolve to their
 * sources, as in jest (and as worker/test/faults/support/worker-process.ts runs the worker).
 */
import swc from '@swc/core';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const load = createRequire(import.meta.url);
const aliases = {
  '@casebridge/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@casebridge/server-core': path.join(root, 'libs/server-core/src/index.ts'),
  '@casebridge/db': path.join(root, 'libs/db/src/index.ts'),
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] || request, ...rest);
};
const options = load(path.join(root, 'test/jest/swc-options.js'));
load.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  module._compile(swc.transformSync(source, { ...options, filename }).code, filename);
};

const { renderConnectTypes, GENERATED_FILE } = load('./connect-types.ts');
const target = process.argv[2] ? path.resolve(process.argv[2]) : GENERATED_FILE;
const text = await renderConnectTypes();
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, text);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
