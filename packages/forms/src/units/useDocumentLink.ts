import { useEffect, useState } from 'react';
import { isAbortError, isApiError } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type DocumentLink =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; message: string };

export const DOCUMENT_FAILED = 'The document could not be loaded. Please try again later.';

type Loaded = { path: string; link: DocumentLink };

/**
 * A shipping document (label, commercial invoice) fetched with the bearer token and offered as a
 * blob: URL, so a plain link with target="_blank" opens it in a new window. The URL is revoked
 * when the page goes. An expired label (410) shows the server's message.
 */
export function useDocumentLink(path: string | null): DocumentLink {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    api.shipping.document(path, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ path, link: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        const message = isApiError(error) && error.status === 410 ? error.message : DOCUMENT_FAILED;
        setLoaded({ path, link: { status: 'failed', message } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, path]);

  if (!path) return { status: 'none' };
  return loaded && loaded.path === path ? loaded.link : { status: 'loading' };
}
