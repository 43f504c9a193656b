import { PageTitle } from '@portal/ui';

// H4b's page (issue 9): this file only lets the scaffold build until H4b replaces it.
export function ProductRegistrationPage() {
  return <PageTitle>Product Registration</PageTitle>;
}
