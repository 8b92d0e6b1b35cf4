import Module from 'module';
import path from 'path';

/**
 * Jest's moduleNameMapper does not apply to globalSetup / globalTeardown, which run in the parent process.
 * Point the workspace packages at their TypeScript sources there too (jest transforms them),
 * so the integration harness works without building the libraries first.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const WORKSPACE_SOURCES: Record<string, string> = {
  '@casebridge/contracts': path.join(ROOT, 'libs/contracts/src/index.ts'),
  '@casebridge/server-core': path.join(ROOT, 'libs/server-core/src/index.ts'),
  '@casebridge/db': path.join(ROOT, 'libs/db/src/index.ts'),
  '@casebridge/db/testing': path.join(ROOT, 'libs/db/src/testing/index.ts'),
};

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const moduleWithResolver = Module as unknown as { _resolveFilename: ResolveFilename };
const originalResolve = moduleWithResolver._resolveFilename;

moduleWithResolver._resolveFilename = function resolveWorkspaceSource(request: string, ...rest: unknown[]): string {
  return originalResolve.call(this, WORKSPACE_SOURCES[request] ?? request, ...rest);
};
