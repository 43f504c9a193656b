/** The API's error body for every non-2xx answer: `{ error, message, fields? }`. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** A failed API call: the HTTP status and the parsed error body. Status 0 means no answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly error: string;
  readonly fields: Record<string, string>;
  /** The whole error body, including members beyond error/message/fields (e.g. an rmaNumber). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: ApiErrorBody & Record<string, unknown>) {
    super(body.message);
    this.status = status;
    this.error = body.error;
    this.fields = body.fields ?? {};
    this.body = body;
  }
}

/**
 * True for an ApiError, also one thrown by another bundle's copy of this package (remotes bundle
 * their own), where `instanceof` would fail.
 */
export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ApiError' &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** The error a request cancelled by its signal rejects with, as fetch's own. */
export function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/** True for the error a cancelled request rejects with (fetch, XHR and our own aborts alike). */
export function isAbortError(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
}

function isErrorBody(value: unknown): value is ApiErrorBody & Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/**
 * A refused GraphQL request (400 or 413: a body too large, a document or variables the schema
 * refuses) answers `{ errors: [{ message, extensions: { code } }] }`: its first error, as the
 * API's error body.
 */
function firstGraphQLError(value: unknown): (ApiErrorBody & Record<string, unknown>) | null {
  const errors = typeof value === 'object' && value !== null ? (value as { errors?: unknown }).errors : undefined;
  const first = (Array.isArray(errors) ? errors[0] : undefined) as { message?: unknown; extensions?: { code?: unknown } } | undefined;
  if (typeof first !== 'object' || first === null || typeof first.message !== 'string') return null;
  const code = first.extensions?.code;
  return { error: typeof code === 'string' ? code : 'graphql', message: first.message };
}

/** Reads a failed response into an ApiError, whatever its body turns out to be. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError(response.status, body);
  const graphqlError = firstGraphQLError(body);
  if (graphqlError) return new ApiError(response.status, graphqlError);
  return new ApiError(response.status, {
    error: `http.${response.status}`,
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}
