import { Card, CardTitle, MutedText } from '@portal/ui';

/**
 * Spec §2/§6: the repair flow has an admin-override section, but it is turned off. The section
 * stays here, small, behind this constant, so turning it on is one change.
 */
export const ADMIN_OVERRIDE_ENABLED = false;

export function AdminOverride({ rmaType }: { rmaType: string }) {
  return (
    <Card aria-label="Admin Overrides">
      <CardTitle as="h3">Admin Overrides</CardTitle>
      <MutedText>RMA type: {rmaType}</MutedText>
    </Card>
  );
}
