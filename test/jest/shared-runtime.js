// @ts-check

/**
 * Jest's module runtime with one change: the product's modules and their dependencies are loaded once per jest
 * worker and shared by the test files that worker runs, instead of once per file.
 *
 * Jest evaluates every module again for every test file; for an integration file that is some 4,000 modules (NestJS,
 * MikroORM, BullMQ, the api and the worker), about 4 s of CPU before its first line runs. Shared: everything under
 * node_modules and the sources of libs/, api/src and worker/src, except test files. Per file, as jest has it: test
 * files and test helpers (any `test/` folder), so each file's own state, hooks, spies and `jest` object stay its own.
 *
 * What makes sharing sound: the product reads its configuration when a Nest module is built, never when a source
 * file loads (an app booted by the next file sees that file's database and Redis prefix), and the test files of a
 * worker run one after another in one vm context (shared-environment.js), so a shared module and the test that uses
 * it see the same globals. A shared module's `require` asks the runtime of the file running now, since the runtime
 * that first loaded it is torn down when its file ends.
 */
const path = require('node:path');
const Runtime = require('jest-runtime').default;

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const SHARED_SOURCE_ROOTS = ['libs', 'api/src', 'worker/src'].map((folder) => path.join(REPO_ROOT, folder) + path.sep);

/** Whether the module at `filename` is loaded once per worker rather than once per test file. */
function isShared(filename) {
  if (/\.(int-)?spec\.ts$/.test(filename) || filename.includes(`${path.sep}test${path.sep}`)) return false;
  if (filename.includes(`${path.sep}node_modules${path.sep}`)) return true;
  return SHARED_SOURCE_ROOTS.some((root) => filename.startsWith(root));
}

/** Shared modules of this worker process, by path. */
const sharedModules = new Map();
/** What jest needs to map a shared module's stack frames back to TypeScript, by path. */
const sharedSourceMaps = new Map();
const sharedFileTransforms = new Map();
/** The runtime of the test file running now in this worker (a worker runs one file at a time). */
let current = null;

/** A module registry that keeps shared modules for the worker and the others for the file. */
class SplitRegistry {
  constructor() {
    this.own = new Map();
  }
  mapOf(key) {
    return isShared(key) ? sharedModules : this.own;
  }
  get(key) {
    return this.mapOf(key).get(key);
  }
  has(key) {
    return this.mapOf(key).has(key);
  }
  set(key, value) {
    this.mapOf(key).set(key, value);
    return this;
  }
  delete(key) {
    return this.mapOf(key).delete(key);
  }
  /** Resetting a file's modules (teardown, jest.resetModules) leaves the worker's shared ones alone. */
  clear() {
    this.own.clear();
  }
  keys() {
    return [...sharedModules.keys(), ...this.own.keys()][Symbol.iterator]();
  }
}

class SharedModulesRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    this._moduleRegistry = new SplitRegistry();
    this._sharedRequires = new Map();
    for (const [filename, sourceMap] of sharedSourceMaps) this._sourceMapRegistry.set(filename, sourceMap);
    for (const [filename, transform] of sharedFileTransforms) this._fileTransforms.set(filename, transform);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the worker-wide "file running now"
    current = this;
  }

  transformFile(filename, options) {
    const code = super.transformFile(filename, options);
    if (isShared(filename)) {
      const sourceMap = this._sourceMapRegistry.get(filename);
      if (sourceMap) sharedSourceMaps.set(filename, sourceMap);
      sharedFileTransforms.set(filename, this._fileTransforms.get(filename));
    }
    return code;
  }

  /** A shared module's `require` resolves and loads through the runtime of the file running now. */
  _createRequireImplementation(from, options) {
    if (options?.isInternalModule || !isShared(from.filename)) return super._createRequireImplementation(from, options);
    const now = () => current.requireFor(from, options);
    const sharedRequire = (moduleName) => now()(moduleName);
    const resolve = (moduleName, resolveOptions) => now().resolve(moduleName, resolveOptions);
    resolve.paths = (moduleName) => now().resolve.paths(moduleName);
    sharedRequire.resolve = resolve;
    sharedRequire.extensions = Object.create(null);
    Object.defineProperty(sharedRequire, 'cache', { enumerable: true, get: () => now().cache });
    Object.defineProperty(sharedRequire, 'main', { enumerable: true, get: () => now().main });
    return sharedRequire;
  }

  /** This runtime's own `require` for a shared module, made once per module and file. */
  requireFor(from, options) {
    let implementation = this._sharedRequires.get(from.filename);
    if (!implementation) {
      implementation = Runtime.prototype._createRequireImplementation.call(this, from, options);
      this._sharedRequires.set(from.filename, implementation);
    }
    return implementation;
  }

  teardown() {
    super.teardown();
    this._sharedRequires.clear();
  }
}

module.exports = SharedModulesRuntime;
