import { useState, type FormEvent } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField, PortalThemeProvider } from '@portal/ui';
import { SubmitButton } from './SubmitButton';
import { useInvalidSubmit } from './useInvalidSubmit';

function NameForm({ onSave }: { onSave: (name: string) => void }) {
  const [name, setName] = useState('');
  const { showAll, invalid, accept } = useInvalidSubmit();
  const error = name ? undefined : 'Required';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (accept(event, { valid: !error, busy: false })) onSave(name);
  };
  return (
    <form aria-label="Name" noValidate onSubmit={submit}>
      <TextField label="Nickname" value="" readOnly />
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={showAll ? error : undefined} />
      {invalid ? <p role="alert">{invalid}</p> : null}
      <SubmitButton label="Save" busyLabel="Saving…" busy={false} invalid={Boolean(error)} />
    </form>
  );
}

describe('useInvalidSubmit and SubmitButton', () => {
  it('refuses an invalid form: every message, the validation banner and the focus on the first invalid field', async () => {
    const onSave = jest.fn();
    render(
      <PortalThemeProvider>
        <NameForm onSave={onSave} />
      </PortalThemeProvider>,
    );
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-disabled', 'true');

    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Casey');
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('Casey');
  });

  it('shows the busy label with a spinner while the request goes', () => {
    render(
      <PortalThemeProvider>
        <SubmitButton label="Save" busyLabel="Saving…" busy invalid={false} />
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('button', { name: /Saving…/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
