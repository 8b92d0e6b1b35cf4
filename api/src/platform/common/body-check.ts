import { HttpException, HttpStatus } from '@nestjs/common';
import { z } from 'zod';
import { fieldErrorsOf, ValidationException } from './errors';

/** Thrown when a check-only request (CHECK_ONLY header) found nothing: the filter answers 204, nothing was done. */
export class ChecksPassed extends HttpException {
  constructor() {
    super('', HttpStatus.NO_CONTENT);
  }
}

/** Stops a check-only request once every check ran: 422 with what was found, or 204. */
export function endCheckOnly(errors: Record<string, string[]>, checkOnly: boolean): void {
  if (Object.keys(errors).length) throw new ValidationException(errors);
  if (checkOnly) throw new ChecksPassed();
}

type Fields<T> = Partial<Record<keyof T, unknown>>;

/**
 * A request body checked with the contract's schema but not yet refused, so the service can add the checks that
 * need the database (a taken e-mail or slug, a country that exists) and answer every field in one 422.
 * `field()` gives a field's value only when it passes its own schema: a check never runs on what the schema refused.
 */
export class BodyCheck<T extends object> {
  readonly errors: Record<string, string[]>;
  private readonly parsed: { data: T } | null;
  private readonly input: Fields<T>;

  constructor(
    private readonly schema: z.ZodType<T>,
    input: unknown,
    /** The CHECK_ONLY header on an endpoint marked `checkOnly`. */
    readonly checkOnly = false,
  ) {
    this.input = (input && typeof input === 'object' ? input : {}) as Fields<T>;
    const checked = fieldErrorsOf(schema, this.input);
    this.parsed = checked.success ? { data: checked.data } : null;
    this.errors = { ...checked.errors };
  }

  /** The field's parsed value when it passed (undefined when it failed or the schema is not an object). */
  field<K extends keyof T & string>(name: K): T[K] | undefined {
    if (this.failed(name)) return undefined;
    if (this.parsed) return this.parsed.data[name];
    const shape = this.schema instanceof z.ZodObject ? (this.schema.shape as Record<string, z.ZodType>) : {};
    const own = shape[name]?.safeParse(this.input[name]);
    return own?.success ? (own.data as T[K]) : undefined;
  }

  failed(name: keyof T & string): boolean {
    return Object.hasOwn(this.errors, name);
  }

  /** Adds a check's messages; where the schema already spoke, its message stays first. */
  add(errors: Record<string, string[]>): void {
    for (const [field, messages] of Object.entries(errors)) {
      if (!Object.hasOwn(this.errors, field)) this.errors[field] = [];
      this.errors[field].push(...messages);
    }
  }

  /** The parsed body once every check passed; otherwise one 422 naming every field. A check-only request ends here. */
  valid(): T {
    endCheckOnly(this.errors, this.checkOnly);
    return this.parsed!.data;
  }
}
