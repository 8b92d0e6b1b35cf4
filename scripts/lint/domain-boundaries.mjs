// An eslint rule for the api's house (docs/architecture.md): api/src/platform never imports a domain, and a domain
// reaches another domain only through that domain's modules and services (`*.module.ts`, `*.service.ts`) and the
// rules it publishes in its root `index.ts`, never its controllers, mappers, SQL or helpers. Tests are exempt: a test
// may build any world it needs.
import { statSync } from 'node:fs';
import path from 'node:path';

const API_SRC = `${path.sep}api${path.sep}src${path.sep}`;

/** `platform`, a domain's folder name, or null for the api's root files (app.module.ts, main.ts, bootstrap.ts). */
function areaOf(file) {
  const at = file.indexOf(API_SRC);
  if (at < 0) return undefined;
  const parts = file.slice(at + API_SRC.length).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** The path below api/src, with forward slashes, for messages and exceptions. */
function below(file) {
  return file
    .slice(file.indexOf(API_SRC) + API_SRC.length)
    .split(path.sep)
    .join('/');
}

/** A domain's module, a service, or the rules the domain publishes for others (`<domain>/index`). */
const isPublicOfDomain = (target) => /\.(module|service)(\.ts)?$/.test(target) || /^[^/]+\/index$/.test(target);

/** An import of a folder means its index file. */
function resolveImport(fromFile, spec) {
  const resolved = path.resolve(path.dirname(fromFile), spec);
  try {
    if (statSync(resolved).isDirectory()) return path.join(resolved, 'index');
  } catch {
    // not a folder: a file imported without its extension
  }
  return resolved;
}

export const domainBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'platform imports no domain; domains import each other only through modules and services' },
    schema: [
      {
        type: 'object',
        properties: {
          exceptions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'array', items: { type: 'string' } },
                to: { type: 'array', items: { type: 'string' } },
                because: { type: 'string' },
              },
              required: ['from', 'to', 'because'],
            },
          },
        },
      },
    ],
    messages: {
      platform: 'platform/ must not import the {{domain}} domain ({{target}}): let the domain register with platform.',
      internals:
        "{{from}} imports {{target}}, an internal of the {{domain}} domain: use that domain's module and services.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    if (from === undefined || from === null || /\.(int-)?spec\.ts$/.test(file)) return {};
    const exceptions = context.options[0]?.exceptions ?? [];
    const excepted = (source, target) =>
      exceptions.some(
        (rule) =>
          rule.from.some((prefix) => source.startsWith(prefix)) &&
          rule.to.some((allowed) => target.startsWith(allowed)),
      );

    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const resolved = resolveImport(file, spec);
      const to = areaOf(resolved + '.ts');
      if (to === undefined || to === null || to === from || to === 'platform') return;
      const source = below(file);
      const target = below(resolved + '.ts').replace(/\.ts$/, '');
      if (excepted(source, target)) return;
      if (from === 'platform') {
        context.report({ node: node.source, messageId: 'platform', data: { domain: to, target } });
      } else if (!isPublicOfDomain(target)) {
        context.report({ node: node.source, messageId: 'internals', data: { from, domain: to, target } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
