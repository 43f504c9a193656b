import { isAbortError, isApiError } from '../errors';
import type { HttpClient, Query } from '../client';

/** One server-sent event (WHATWG HTML §9.2): its type ('message' when unnamed), data and id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string;
}

/**
 * Reads a text/event-stream body to its end, calling onEvent per dispatched event. Comment lines
 * (the server's `: ping` keep-alives) are skipped; `retry:` tells the reconnect delay.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onRetry: (ms: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  // fetch cancels its body on abort; a body from elsewhere is cancelled here, so leaving never hangs.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id = '';

  const line = (text: string) => {
    if (text === '') {
      // A blank line dispatches; an event without data is dropped, as browsers do.
      if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n'), id });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Lines end with CRLF, LF or CR; a CR at the very end may still be followed by its LF.
      let match: RegExpExecArray | null;
      const eol = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      while ((match = eol.exec(buffer)) !== null) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      if (done) return;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

export interface SubscribeOptions {
  query?: Query;
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  /** Called each time the stream is open; `reconnected` is true after a drop (events may have been missed). */
  onOpen?: (reconnected: boolean) => void;
  /** A failure; `willRetry` false means the subscription ended (the server refused it). */
  onError?: (error: unknown, willRetry: boolean) => void;
  /** First reconnect delay, doubled per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Replaceable in tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A refusal that another attempt cannot change (e.g. 403, 404); 408 and 429 are worth retrying. */
function isFatal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * Follows a server-sent event stream through the one HTTP wrapper (fetch streaming, not
 * EventSource: EventSource cannot send the bearer token). A dropped or failed stream is opened
 * again after a growing delay, sending Last-Event-ID when the server gave ids, until the signal
 * aborts or the server refuses for good. Resolves when it stops.
 */
export async function subscribeEventStream(http: HttpClient, path: string, options: SubscribeOptions): Promise<void> {
  const { signal, onEvent, onOpen, onError, query } = options;
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? abortableSleep;
  let delay = initial;
  let lastId = '';
  let opened = false;

  while (!signal.aborted) {
    try {
      const response = await http.stream(path, {
        query,
        signal,
        headers: lastId ? { 'Last-Event-ID': lastId } : undefined,
      });
      if (!response.body) throw new Error('The event stream has no body.');
      onOpen?.(opened);
      opened = true;
      delay = initial;
      await readEventStream(
        response.body,
        (event) => {
          if (event.id) lastId = event.id;
          onEvent(event);
        },
        (ms) => {
          delay = ms;
        },
        signal,
      );
      if (signal.aborted) return;
      // The server closed the stream (a deploy, a proxy timeout): open it again.
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      if (isFatal(error)) {
        onError?.(error, false);
        return;
      }
      onError?.(error, true);
    }
    await sleep(delay, signal);
    delay = Math.min(delay * 2, max);
  }
}
