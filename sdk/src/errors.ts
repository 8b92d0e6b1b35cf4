/** An error answer of the Connect API: RFC 9457 problem details, with field errors on a 422. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: { field: string; message: string }[];
}

/** A call the API refused or failed: the status, and the problem details when the answer carried them. */
export class ConnectApiError extends Error {
  override readonly name = 'ConnectApiError';

  constructor(
    readonly status: number,
    readonly problem: ProblemDetails | undefined,
    readonly response?: Response,
  ) {
    super(problem ? `${status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}` : `HTTP ${status}`);
  }

  /** From an openapi-fetch result's `error` (already parsed) and `response`. */
  static of(error: unknown, response: Response): ConnectApiError {
    const problem = isProblem(error) ? error : undefined;
    return new ConnectApiError(response.status, problem, response);
  }

  /** From a raw answer whose body has not been read. */
  static async from(response: Response): Promise<ConnectApiError> {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return ConnectApiError.of(body, response);
  }
}

function isProblem(value: unknown): value is ProblemDetails {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value;
}
