// @ts-check

/**
 * How tests compile TypeScript: SWC, types stripped without checking them (the type check is a stage of its own in
 * `npm test`), decorator metadata emitted as tsc emits it (NestJS injection and MikroORM's ReflectMetadataProvider
 * read it). Used by jest's transform and by the worker processes the fault tests start from sources.
 */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
