import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

const SDK = path.resolve(__dirname, '..');

/**
 * The committed types must be what the contracts generate today, so a contract change without `npm run generate -w
 * sdk` fails here. The script runs in its own process as the npm script does (prettier cannot load inside jest).
 */
describe('the SDK types generated from the Connect API document', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'casebridge-sdk-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are up to date with the contracts and cover every path of the document', () => {
    const fresh = path.join(dir, 'connect.ts');
    execFileSync(process.execPath, [path.join(SDK, 'scripts/generate.mjs'), fresh], { stdio: 'pipe' });
    const generated = readFileSync(fresh, 'utf8');
    for (const route of ['/api/v1/events', '/api/v1/me', '/api/v1/oauth/token'])
      expect(generated).toContain(`'${route}'`);
    const committed = readFileSync(path.join(SDK, 'src/generated/connect.ts'), 'utf8');
    if (generated !== committed) {
      throw new Error('sdk/src/generated/connect.ts is out of date with the contracts: run `npm run generate -w sdk`.');
    }
  });
});
