import { useRouteError } from '@portal/router';
import { Banner, Button, Stack } from '@portal/ui';

/** Last-resort view for errors outside any page boundary. */
export function RouteErrorView() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack>
      <Banner variant="error" title="Something went wrong.">
        The portal hit an unexpected error. Reloading the page usually helps.
      </Banner>
      <div>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </Stack>
  );
}
