import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '@portal/auth';
import { MutedText } from '@portal/ui';
import { ignoreAbort } from './errors';

const Img = styled.img`
  display: block;
  width: ${({ theme }) => theme.size.unitImage};
  height: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
`;

/**
 * A receipt's or a diagnosis's photo. The depot answers it only with the staff member's token, so
 * an <img src> cannot load it: it is fetched through the API client and shown from an object URL,
 * released when the photo leaves the page.
 */
export function AuthPhoto({ id, alt }: { id: string; alt: string }) {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api.depot.photo(id, { signal: controller.signal }).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (error: unknown) => {
        if (!ignoreAbort(error)) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, id]);

  if (failed) return <MutedText>{alt}: the photo could not be loaded.</MutedText>;
  if (!url) return <MutedText>Loading {alt.toLowerCase()}…</MutedText>;
  return <Img src={url} alt={alt} />;
}
