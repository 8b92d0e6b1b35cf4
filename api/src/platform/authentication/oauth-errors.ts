import { HttpException } from '@nestjs/common';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

/**
 * An error of the token endpoint, with the code RFC 6749 §5.2 names: the answer is problem details that also carry
 * `error` and `error_description`, so OAuth libraries and problem-details readers both understand it.
 */
export class OAuthException extends HttpException {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description, code === 'invalid_client' ? 401 : 400);
  }
}
