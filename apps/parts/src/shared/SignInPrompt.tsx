import { useLocation } from '@portal/router';
import { useSession } from '@portal/auth';
import { Button, Card, CardTitle, MutedText, Stack } from '@portal/ui';

export interface SignInPromptProps {
  title: string;
  /** Why this step needs an account, in the page's words. */
  reason: string;
}

/** A signed-out visitor is told why and offered sign-in, coming back to this very page. */
export function SignInPrompt({ title, reason }: SignInPromptProps) {
  const session = useSession();
  const location = useLocation();
  return (
    <Card aria-label={title}>
      <CardTitle>{title}</CardTitle>
      <Stack>
        <MutedText>{reason}</MutedText>
        <div>
          <Button onClick={() => void session.signIn(`${location.pathname}${location.search}`)}>Sign in</Button>
        </div>
      </Stack>
    </Card>
  );
}
