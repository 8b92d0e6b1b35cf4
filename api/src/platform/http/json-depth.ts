/** How deeply a JSON body may nest: far above any form of the product (custom-field options nest a few levels). */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `The request body may not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * Whether a JSON text nests more than `limit` levels, read in one pass over its characters before it is parsed:
 * every later step that walks the value (validation, the idempotency fingerprint, logging) may then recurse freely.
 */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}
