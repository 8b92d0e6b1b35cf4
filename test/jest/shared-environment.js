// @ts-check

/**
 * Jest's node environment, with one vm context per jest worker instead of one per test file: the modules that
 * shared-runtime.js loads once per worker were evaluated in this context, so the test files that use them must run
 * in it too (one realm: `instanceof`, prototypes and globals agree). What jest gives each file stays per file:
 * `process.env` starts as the worker's environment (a file's changes, such as the database it was given, end with
 * it), and mocks and fake timers are bound to the shared global and undone when the file ends.
 */
const { TestEnvironment } = require('jest-environment-node');
const { ModuleMocker } = require('jest-mock');
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');

/** The context of this worker process, made by the first test file that runs in it. */
let shared = null;

class SharedContextEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (!shared) {
      shared = { context: this.context, global: this.global };
      return;
    }
    const { projectConfig } = config;
    this.context = shared.context;
    this.global = shared.global;
    resetEnvironmentVariables(this.global.process.env);
    this.moduleMocker = new ModuleMocker(this.global);
    const timerConfig = {
      idToRef: (id) => ({ id, ref: () => this, unref: () => this }),
      refToId: (timer) => timer?.id,
    };
    this.fakeTimers = new LegacyFakeTimers({
      config: projectConfig,
      global: this.global,
      moduleMocker: this.moduleMocker,
      timerConfig,
    });
    this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global: this.global });
  }
}

/** Makes the shared `process.env` (jest's copy, not the worker's own) equal to the worker's environment again. */
function resetEnvironmentVariables(env) {
  for (const name of Object.keys(env)) if (!(name in process.env)) delete env[name];
  Object.assign(env, process.env);
}

module.exports = SharedContextEnvironment;
