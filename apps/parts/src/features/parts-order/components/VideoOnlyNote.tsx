import { Link } from '@portal/router';
import type { Part } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { MutedText, VisuallyHidden } from '@portal/ui';
import { COPY } from '../copy';

/**
 * What a body-worn camera's part offers in the parts catalogue instead of Add to cart: the video
 * order, the only one that takes it (for the camera units the customer holds).
 */
export function VideoOnlyNote({ part }: { part: Part }) {
  return (
    <MutedText>
      {COPY.videoOnly}{' '}
      <Link to={pathFor('video-parts-order')}>
        {COPY.videoOnlyLink}
        <VisuallyHidden> for {part.partNumber}</VisuallyHidden>
      </Link>
      .
    </MutedText>
  );
}
