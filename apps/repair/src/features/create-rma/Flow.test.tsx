import { act, screen, within } from '@testing-library/react';
import { ApiError } from '@portal/api-client';
import { completeProblemStep, continueTo, created, reachConfirm, settle, setupFlow } from '../../test/flow';

beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/label');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.useRealTimers());

describe('create-rma stepper', () => {
  it('goes from the problem to the label for an in-warranty unit', async () => {
    const { user, api } = setupFlow();

    await reachConfirm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the above information is accurate' }));
    await user.click(screen.getByRole('button', { name: 'Submit RMA' }));

    expect(await screen.findByRole('heading', { name: 'Download Label', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Your RMA RMA-100418 has been created.')).toBeInTheDocument();
    const label = await screen.findByRole('link', { name: 'Download Shipping Label' });
    expect(label).toHaveAttribute('href', 'blob:http://portal.test/label');
    expect(label).toHaveAttribute('target', '_blank');
    expect(label).toHaveAttribute('rel', 'noopener');
    expect(api.shipping.document).toHaveBeenCalledWith('/shipping/documents/label-1', expect.anything());
    expect(screen.queryByRole('link', { name: 'Download Commercial Invoice' })).not.toBeInTheDocument();

    const [payload, key] = api.repair.createRma.mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload).toEqual({
      serial: 'RT10000001',
      rmaInput: {
        rmaType: 'REPAIR',
        primaryFault: 'Display',
        problem: 'Cracked screen',
        problemPrice: 289,
        initialNotes: 'Dropped on concrete',
        permissions: {
          reimage: false,
          biosFirmware: false,
          userId: '',
          userPassword: '',
          biosPassword: '',
          hasDeviceData: false,
          acknowledgeClickWrapAgreement: false,
          acknowledgeHddBackup: true,
        },
        acc: { acPower: false, storage: false, hardCase: false, battery: false },
        customerReference: '',
        assetTag: '',
        attachments: ['rma/crack.jpg'],
      },
      address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      contact: {
        firstName: 'Casey',
        lastName: 'Morgan',
        email: 'casey@example.com',
        phone: '5125550142',
        phoneCountryCode: 'US',
        company: 'Morgan Field Services',
        position: 'Technician',
      },
      packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
    });
    void created;
    void completeProblemStep;
    void continueTo;
    void settle;
    void act;
    void within;
    void ApiError;
  });
});
