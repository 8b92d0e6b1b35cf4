import type { z } from 'zod';

/**
 * Inputs for the bad-input fuzz (fuzz.int-spec.ts): a plausible sample of each contract schema, and a fixed,
 * deterministic list of hostile values that replace one field of that sample at a time. The sample matters: a
 * hostile value only reaches the service and the database when the other fields pass validation.
 */

interface SchemaDef {
  type: string;
  [key: string]: unknown;
}

interface SchemaFacts {
  format?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  options?: z.ZodType[];
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schema without wrappers that do not change the shape (optional, default, pipes into transforms, ...). */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unwrap(def.innerType as z.ZodType);
    case 'pipe': {
      const input = def.in as z.ZodType;
      return unwrap(defOf(input).type === 'transform' ? (def.out as z.ZodType) : input);
    }
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)());
    default:
      return schema;
  }
}

/** The fields of an object schema (through wrappers and unions); empty for anything else. */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'union') return fieldsOf((def.options as z.ZodType[])[0]);
  if (def.type === 'intersection') {
    return { ...fieldsOf(def.left as z.ZodType), ...fieldsOf(def.right as z.ZodType) };
  }
  return {};
}

/** A value that the field's schema most likely accepts; the field name refines strings (passwords, phones). */
export function sampleOf(schema: z.ZodType, key = ''): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const facts = inner as unknown as SchemaFacts;
  switch (def.type) {
    case 'string':
      return sampleString(key, facts);
    case 'number': {
      const min = facts.minValue ?? 1;
      const value = Math.max(min, 1);
      return facts.maxValue != null ? Math.min(value, facts.maxValue) : value;
    }
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return new Date('2026-01-15T12:00:00Z').toISOString();
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleOf(def.element as z.ZodType, key)];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, key));
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0], key);
    case 'object':
      return Object.fromEntries(Object.entries(fieldsOf(inner)).map(([name, field]) => [name, sampleOf(field, name)]));
    case 'record':
      return {};
    default:
      return 'sample';
  }
}

function sampleString(key: string, facts: SchemaFacts): string {
  if (facts.format === 'email') return 'fuzz.sample@acme.test';
  // Loopback's discard port: a URL the api may fetch (SAML metadata) fails at once, without leaving the machine.
  if (facts.format === 'url') return 'http://127.0.0.1:9/fuzz';
  if (facts.format === 'uuid' || facts.format === 'guid') return '00000000-0000-4000-8000-000000000000';
  if (facts.format === 'datetime' || facts.format === 'date') return '2026-01-15';
  // Never the demo password: a sample must not change a password or confirm a deletion by accident.
  if (/password/i.test(key)) return 'Fuzz#Passw0rd';
  if (/phone/i.test(key)) return '2025550123';
  if (/country_code/i.test(key)) return 'US';
  if (/email/i.test(key)) return 'fuzz.sample@acme.test';
  if (/(^|_)(url|link|website)$/i.test(key)) return 'http://127.0.0.1:9/fuzz';
  const base = 'Fuzz sample';
  const min = facts.minLength ?? 0;
  const max = facts.maxLength ?? base.length;
  return base.padEnd(min, 'x').slice(0, Math.max(min, Math.min(base.length, max)));
}

const LONG_TEXT = 'A'.repeat(100_000);

/** Hostile values for a JSON field, each with a label for the report. */
export const HOSTILE_JSON_VALUES: readonly (readonly [string, unknown])[] = [
  ['number for string', 12345],
  ['object', { $gt: '', nested: { deeper: [1] } }],
  ['array', ['a', 'b']],
  ['null', null],
  ['empty string', ''],
  ['100k chars', LONG_TEXT],
  ['emoji', '😀👨‍👩‍👧‍👦🏳️‍🌈 ünïcödé'],
  ['RTL marks', '\u202Egnp.exe\u202C \u200F\u200E'],
  ['NUL byte', 'nul\u0000byte'],
  ['lone surrogate', 'half\uD800pair'],
  ['huge number', 1e308],
  ['beyond int4', 2_147_483_648],
  ['negative id', -1],
  ['unknown id', 987_654],
  ['fraction', 1.5],
  ['NaN string', 'NaN'],
  ['SQL in sort', 'name;drop table users'],
  ['SQL quote', "' or 1=1--"],
  ['path traversal', '../../etc/passwd'],
];

/** Whole-body variants of an endpoint: nothing, wrong top-level types, unknown and prototype fields. */
export function bodyLevelVariants(sample: Record<string, unknown>): (readonly [string, unknown])[] {
  return [
    ['empty object', {}],
    ['array body', [sample]],
    ['string body', 'just a string'],
    ['unknown fields', { ...sample, unknown_field: 'x', is_admin: true, role: 'super_admin', company_id: 2 }],
    ['prototype keys', JSON.parse(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}`) as unknown],
    // Every step that walks a body (validation, the idempotency fingerprint) must survive what JSON allows.
    ['nested 5,000 levels deep', new RawJson(withField(sample, 'nested', nestedJson(5000)))],
    ['10,000 keys wide', { ...sample, ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])) }],
  ];
}

/** A body sent as written: a value the test process itself could not serialize (JSON.stringify would overflow). */
export class RawJson {
  constructor(readonly text: string) {}
}

function withField(sample: Record<string, unknown>, name: string, json: string): string {
  const head = JSON.stringify(sample).slice(0, -1);
  return `${head}${head.length > 1 ? ',' : ''}${JSON.stringify(name)}:${json}}`;
}

/** Objects and arrays in turn, `depth` levels deep. */
function nestedJson(depth: number): string {
  const opening = Array.from({ length: depth }, (_, level) => (level % 2 ? '[' : '{"inner":')).join('');
  const closing = Array.from({ length: depth }, (_, level) => (level % 2 ? ']' : '}'))
    .reverse()
    .join('');
  return `${opening}"bottom"${closing}`;
}

/** Hostile values for a query parameter, as raw (already encoded) query-string fragments for `name`. */
export function hostileQueryFragments(name: string): (readonly [string, string])[] {
  const value = (raw: string) => `${encodeURIComponent(name)}=${raw}`;
  return [
    ['array', `${encodeURIComponent(name)}[]=a&${encodeURIComponent(name)}[]=b`],
    ['object', `${encodeURIComponent(name)}[key]=value`],
    ['repeated', `${value('a')}&${value('b')}`],
    ['empty', value('')],
    // Node refuses request lines over 16 KiB itself (431); 8,000 characters still reach the api.
    ['8k chars', value('A'.repeat(8000))],
    ['emoji', value(encodeURIComponent('😀👨‍👩‍👧‍👦'))],
    ['RTL marks', value(encodeURIComponent('\u202Eabc\u202C'))],
    ['NUL byte', value('nul%00byte')],
    ['invalid UTF-8', value('%ED%A0%80%FF')],
    ['huge number', value('1e400')],
    ['beyond int4', value('2147483648')],
    ['negative', value('-1')],
    ['NaN', value('NaN')],
    ['SQL in sort', value(encodeURIComponent('name;drop table users'))],
    ['SQL quote', value(encodeURIComponent("' or 1=1--"))],
    ['path traversal', value(encodeURIComponent('../../etc/passwd'))],
    ['oversized page', value('1000000')],
  ];
}
