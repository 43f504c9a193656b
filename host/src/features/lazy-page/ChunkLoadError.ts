/** A page's code could not be loaded (network failure, missing chunk, or no answer in time). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function toChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ChunkLoadError(`Loading the page failed: ${detail}`, { cause: error });
}
