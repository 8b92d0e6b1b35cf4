import { UnrecoverableError } from 'bullmq';

/** Reads a stored export param; a missing or mistyped one fails the export for good (retrying cannot fix it). */
export function numberParam(params: Record<string, unknown>, name: string): number {
  const value = params[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new UnrecoverableError(`The export has no valid ${name}.`);
  }
  return value;
}

export function dayParam(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UnrecoverableError(`The export has no valid ${name} date.`);
  }
  return value;
}
