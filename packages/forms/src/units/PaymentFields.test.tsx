import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentOptions, POFile } from '@portal/api-client';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { emptyPayment, type PaymentValues } from '../payment';
import { sessionWith } from '../testing';
import { PaymentFields } from './PaymentFields';

const PO_WITH_RELEASE: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 0 };

const TEXT = {
  cardNext: 'You pay by card next.',
  poReleaseHint: 'The release number of your PO.',
  poFileHelp: 'A PDF of the purchase order.',
  poFileAttached: (name: string) => `Attached: ${name}`,
};

const stored: POFile = { fileId: 'po-1', originalname: 'po.pdf' };

/** The fields as a checkout holds them; `submitted` stands for the form's Submit having been pressed. */
function Harness({ submitted = false, options = PO_WITH_RELEASE }: { submitted?: boolean; options?: PaymentOptions }) {
  const [values, setValues] = useState<PaymentValues>(emptyPayment);
  return (
    <>
      <PaymentFields options={options} values={values} onChange={setValues} showErrors={submitted} serverErrors={{}} text={TEXT} />
      <button type="button">Somewhere else</button>
    </>
  );
}

function show(props: { submitted?: boolean; options?: PaymentOptions } = {}) {
  const uploadPurchaseOrder = jest.fn(async () => [stored]);
  render(
    <PortalThemeProvider>
      <SessionProvider session={sessionWith({ uploads: { uploadPurchaseOrder } })}>
        <Harness {...props} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  jest.spyOn(document, 'hasFocus').mockReturnValue(true);
  return { user: userEvent.setup(), uploadPurchaseOrder };
}

const poNumber = () => screen.getByRole('textbox', { name: 'PO Number' });
const release = () => screen.getByRole('textbox', { name: 'Release Number' });
const poFile = () => screen.getByLabelText('PO File');

describe('PaymentFields', () => {
  it('shows no message before the customer has left a field or submitted', () => {
    show();

    expect(poNumber()).not.toHaveAttribute('aria-invalid');
    expect(release()).not.toHaveAttribute('aria-invalid');
    expect(poFile()).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['2 digits', '12'],
    ['letters', 'abcd'],
    ['6 digits', '123456'],
  ])("a release number of %s says 'Must be 4 or 5 digits' once the customer leaves it", async (_, typed) => {
    const { user } = show();

    await user.type(release(), typed);
    expect(release()).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(release()).toHaveValue(typed);
    expect(release()).toHaveAttribute('aria-invalid', 'true');
    expect(release()).toHaveAccessibleDescription(expect.stringContaining('Must be 4 or 5 digits'));
  });

  it.each([['1234'], ['12345']])('a release number of %s is accepted', async (typed) => {
    const { user } = show();

    await user.type(release(), typed);
    await user.tab();

    expect(release()).not.toHaveAttribute('aria-invalid');
  });

  it("an empty PO number says 'Required' once the customer leaves it", async () => {
    const { user } = show();

    await user.click(poNumber());
    await user.tab();

    expect(poNumber()).toHaveAccessibleDescription('Required');
  });

  it("a PO file never chosen says 'Must Attach Files' once the customer leaves the field", async () => {
    const { user } = show();

    await user.click(release());
    await user.tab(); // to the PO file field
    expect(poFile()).toHaveFocus();
    await user.tab();

    expect(poFile()).toHaveAttribute('aria-invalid', 'true');
    expect(poFile()).toHaveAccessibleDescription('A PDF of the purchase order. Must Attach Files');
  });

  it('after a submit every PO field shows its message without being visited', () => {
    show({ submitted: true });

    expect(poNumber()).toHaveAccessibleDescription('Required');
    expect(release()).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(poFile()).toHaveAccessibleDescription(expect.stringContaining('Must Attach Files'));
  });

  it('attaches the chosen PO file in the photos’ uploader, named in the form’s words, and Remove brings the message back', async () => {
    const { user, uploadPurchaseOrder } = show({ submitted: true });

    await user.upload(poFile(), new File(['%PDF-1.4'], 'po.pdf', { type: 'application/pdf' }));
    await act(async () => undefined);

    expect(uploadPurchaseOrder).toHaveBeenCalled();
    const group = screen.getByRole('group', { name: 'PO File' });
    expect(within(group).getByText('Attached: po.pdf')).toBeInTheDocument();
    expect(within(group).queryByText(/no file chosen/i)).not.toBeInTheDocument();
    expect(poFile()).not.toHaveAttribute('aria-invalid');

    await user.click(within(group).getByRole('button', { name: 'Remove po.pdf' }));
    expect(poFile()).toHaveAccessibleDescription(expect.stringContaining('Must Attach Files'));
  });

  it('asks for no PO fields when the customer pays by card', async () => {
    const { user } = show({ submitted: true });

    await user.click(screen.getByRole('radio', { name: 'Credit Card' }));

    expect(screen.queryByRole('textbox', { name: 'PO Number' })).not.toBeInTheDocument();
    expect(screen.getByText('You pay by card next.')).toBeInTheDocument();
  });
});
