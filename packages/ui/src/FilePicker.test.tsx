import { fireEvent, screen, within } from '@testing-library/react';
import { FilePicker, type FilePickerProps } from './FilePicker';
import { renderWithTheme } from './test-utils';

function show(props: Partial<FilePickerProps> = {}) {
  const onChoose = jest.fn();
  const onLeave = jest.fn();
  renderWithTheme(
    <FilePicker
      legend="PO File"
      chooseText="Choose file"
      help="A PDF of the purchase order."
      accept="application/pdf"
      uploading={[]}
      attached={[]}
      onChoose={onChoose}
      onLeave={onLeave}
      {...props}
    />,
  );
  return { onChoose, onLeave, input: screen.getByLabelText('PO File') };
}

const pdf = (name = 'po.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('FilePicker', () => {
  it('is a group named by its legend whose file input is named by the legend and the button', () => {
    const { input } = show();

    expect(screen.getByRole('group', { name: 'PO File' })).toContainElement(input);
    expect(input).toHaveAccessibleName('PO File Choose file');
    expect(input).toHaveAccessibleDescription('A PDF of the purchase order.');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf');
  });

  it('hands the chosen files over, and nothing when the choice is empty', () => {
    const { input, onChoose } = show({ multiple: true });

    fireEvent.change(input, { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    fireEvent.change(input, { target: { files: [] } });

    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0].map((f: File) => f.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('lists an attached file in the form’s words with Remove, and no native "No file chosen" text', () => {
    const remove = jest.fn();
    show({ attached: [{ key: 'f1', name: 'po.pdf', text: 'Attached: po.pdf', remove }] });

    const files = screen.getByRole('list', { name: 'Attached files' });
    expect(within(files).getByText('Attached: po.pdf')).toBeInTheDocument();
    fireEvent.click(within(files).getByRole('button', { name: 'Remove po.pdf' }));
    expect(remove).toHaveBeenCalled();
    expect(screen.queryByText(/no file chosen/i)).not.toBeInTheDocument();
  });

  it('shows an upload under way with its progress and Cancel', () => {
    const cancel = jest.fn();
    show({ uploading: [{ key: 'u1', name: 'po.pdf', progress: 0.4, cancel }] });

    expect(screen.getByRole('progressbar', { name: 'Uploading po.pdf' })).toHaveAttribute('aria-valuenow', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of po.pdf' }));
    expect(cancel).toHaveBeenCalled();
  });

  it('marks the input invalid with the field’s message, and shows the upload’s error as an alert', () => {
    const { input } = show({ error: 'Must Attach Files', uploadError: 'Error Uploading - Please Try Again' });

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('A PDF of the purchase order. Must Attach Files');
    expect(screen.getByRole('alert')).toHaveTextContent('Error Uploading - Please Try Again');
  });

  it('reports leaving the field when the focus moves on within the page', () => {
    const { input, onLeave } = show();
    jest.spyOn(document, 'hasFocus').mockReturnValue(true);

    input.focus();
    input.blur();

    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('does not report leaving while the browser’s file dialog has the focus', () => {
    const { input, onLeave } = show();
    jest.spyOn(document, 'hasFocus').mockReturnValue(false);

    input.focus();
    input.blur();

    expect(onLeave).not.toHaveBeenCalled();
  });
});
