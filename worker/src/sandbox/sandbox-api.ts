import { API, endpointUrl, PublicCaseResponse, type AllowedAnswers, type RespondBody } from '@casebridge/contracts';
import { UnrecoverableError } from 'bullmq';

/** How long the api may take to answer the sandbox before the attempt counts as failed (and is retried). */
const SANDBOX_API_TIMEOUT_MS = 15_000;

export type SandboxAnswerResult = 'answered' | 'refused';

/**
 * The sandbox partner's side of the token page, over HTTP: it reads which answers the case allows now and gives one,
 * exactly as a partner opening the mailed link does, so every rule of an answer is the api's (CaseResponsesService).
 * A network failure, a timeout or a 5xx throws (the job is retried); an answer the api refuses is not retried.
 */
export class SandboxApi {
  constructor(private readonly baseUrl: string) {}

  /** The answers the token page allows now, or null when the case is gone (404). */
  async allowedAnswers(token: string): Promise<AllowedAnswers | null> {
    const response = await this.call(endpointUrl(API.cases.publicCase, { token }), { method: 'GET' });
    if (!response.ok) await response.body?.cancel().catch(() => undefined);
    if (response.status === 404) return null;
    this.requireSuccess(response, 'reading the case');
    const page = (await response.json()) as { allowed?: unknown };
    return PublicCaseResponse.shape.allowed.parse(page.allowed);
  }

  /** Gives the answer; 'refused' when the case's status no longer allows it (409: answered meanwhile). */
  async respond(token: string, body: RespondBody): Promise<SandboxAnswerResult> {
    const response = await this.call(endpointUrl(API.cases.respond, { token }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 409) return 'refused';
    this.requireSuccess(response, `answering ${body.status}`);
    return 'answered';
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    const url = `${this.baseUrl.replace(/\/$/, '')}${path}`;
    try {
      return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(SANDBOX_API_TIMEOUT_MS) });
    } catch (error) {
      // fetch hides the reason (ECONNREFUSED, a timeout) in `cause`.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`the api at ${this.baseUrl} did not answer: ${cause?.code ?? cause?.message ?? String(error)}`);
    }
  }

  private requireSuccess(response: Response, what: string): void {
    if (response.ok) return;
    const problem = `the api answered ${response.status} ${response.statusText} ${what}`.trim();
    // Busy or down: worth another try. Any other refusal would be refused again.
    if (response.status >= 500 || response.status === 429) throw new Error(problem);
    throw new UnrecoverableError(problem);
  }
}
