/** The OAuth server's error answers (RFC 6749 §5.2). */
/** An OAuth error answer: {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}
