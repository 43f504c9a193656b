import { useEffect, useState } from 'react';
import { useNavigate } from '@portal/router';
import { useSession, type Session } from '@portal/auth';
import { Banner, Button, Row, Spinner, Stack } from '@portal/ui';

// A callback URL can be redeemed once; StrictMode's second effect run reuses the first attempt.
const attempts = new WeakMap<Session, Map<string, Promise<string>>>();

function completeOnce(session: Session, url: string): Promise<string> {
  const forSession = attempts.get(session) ?? new Map<string, Promise<string>>();
  attempts.set(session, forSession);
  let attempt = forSession.get(url);
  if (!attempt) {
    attempt = session.completeSignIn(url);
    forSession.set(url, attempt);
  }
  return attempt;
}

/** Completes the authorization-code sign-in and returns the user to where they were going. */
export function OidcCallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    completeOnce(session, window.location.href).then(
      (target) => {
        if (active) void navigate(target, { replace: true });
      },
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [session, navigate]);

  if (failed) {
    return (
      <Stack>
        <Banner variant="error" title="Sign-in could not be completed.">
          The sign-in link may have expired or been used already.
        </Banner>
        <div>
          <Button onClick={() => void session.signIn('/')}>Sign in again</Button>
        </div>
      </Stack>
    );
  }
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>Signing you in…</span>
    </Row>
  );
}
