import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Button, MutedText, Row, Stack } from '@portal/ui';

/** The support address the repair and recycle remotes print too; the host shows it when one is down. */
export const SUPPORT_EMAIL = 'service@rugged.example';

/** The part of the portal a page belongs to: the remote that serves it. */
export interface PortalPart {
  /** How customers know it, e.g. 'Parts orders'. */
  name: string;
  /** False for the remote that serves the contact form itself, whose link would fail too. */
  offersContactPage: boolean;
}

export interface RemoteFailureProps {
  part: PortalPart;
  /** Set when the remote's code lies on an origin the portal does not allow. */
  refusedOrigin?: string;
  onRetry: () => void;
  onReload: () => void;
}

/**
 * What a page of a remote that could not be loaded shows instead: which part of the portal
 * failed, a Retry that loads it again in place, a Reload as a last resort, and how to reach
 * support meanwhile. The header and the other parts of the portal keep working around it.
 */
export function RemoteFailure({ part, refusedOrigin, onRetry, onReload }: RemoteFailureProps) {
  const what = refusedOrigin
    ? `This page belongs to ${part.name}, which is served from ${refusedOrigin}: the portal does not load code from there.`
    : `This page belongs to ${part.name}, which could not be downloaded right now. The rest of the portal still works.`;
  return (
    <Stack>
      <Banner variant="error" title="This page could not be shown.">
        {what}
      </Banner>
      <Row $gap="sm">
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
        <Button type="button" $variant="secondary" onClick={onReload}>
          Reload
        </Button>
      </Row>
      <MutedText>
        Need help now? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        {part.offersContactPage ? (
          <>
            {' '}
            or send us a message through <Link to={pathFor('help-support')}>Help &amp; Support</Link>
          </>
        ) : null}
        .
      </MutedText>
    </Stack>
  );
}
