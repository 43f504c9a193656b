import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type POFile, type UploadProgressOptions } from '@portal/api-client';
import { SessionProvider } from '@portal/auth';
import { PortalThemeProvider } from '@portal/ui';
import { sessionWith } from '../testing';
import { FileUploadField } from './FileUploadField';
import { uploadErrorMessage } from './useFileUpload';

const stored: POFile = { fileId: 'f1', originalname: 'receipt.pdf' };

function pdf(name = 'receipt.pdf') {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

function Harness({ error, onChange }: { error?: string; onChange: (file: POFile | null) => void }) {
  const [file, setFile] = useState<POFile | null>(null);
  return (
    <FileUploadField
      label="Proof of Purchase"
      help="A PDF of the receipt."
      file={file}
      onChange={(next) => {
        setFile(next);
        onChange(next);
      }}
      attachedText={(name) => `Attached: ${name}`}
      error={error}
    />
  );
}

function renderField(uploadPurchaseOrder: jest.Mock, error?: string) {
  const onChange = jest.fn();
  render(
    <PortalThemeProvider>
      <SessionProvider session={sessionWith({ uploads: { uploadPurchaseOrder } })}>
        <Harness error={error} onChange={onChange} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('FileUploadField', () => {
  it('uploads the chosen file with its progress and Cancel, then names it with Remove', async () => {
    let finish: (files: POFile[]) => void = () => undefined;
    let progress: (value: number) => void = () => undefined;
    const upload = jest.fn(
      (_file: File, opts?: UploadProgressOptions) =>
        new Promise<POFile[]>((resolve) => {
          finish = resolve;
          progress = (value) => opts?.onProgress?.(value);
        }),
    );
    const { onChange, user } = renderField(upload);

    await user.upload(screen.getByLabelText('Proof of Purchase'), pdf());
    act(() => progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading receipt.pdf' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Cancel upload of receipt.pdf' })).toBeInTheDocument();

    await act(async () => finish([stored]));
    expect(onChange).toHaveBeenLastCalledWith(stored);
    expect(screen.getByText('Attached: receipt.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('Attached: receipt.pdf')).not.toBeInTheDocument();
  });

  it("shows 'Operation canceled by the user.' for a cancelled upload and the server's message for a refused one", async () => {
    const upload = jest.fn(
      (_file: File, opts?: UploadProgressOptions) =>
        new Promise<POFile[]>((_resolve, reject) => {
          opts?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { onChange, user } = renderField(upload);

    await user.upload(screen.getByLabelText('Proof of Purchase'), pdf());
    await user.click(screen.getByRole('button', { name: 'Cancel upload of receipt.pdf' }));
    expect(await screen.findByText('Operation canceled by the user.')).toBeInTheDocument();

    upload.mockRejectedValueOnce(new ApiError(400, { error: 'uploads.type', message: 'Only PDF or image files are accepted.' }));
    await user.upload(screen.getByLabelText('Proof of Purchase'), pdf());
    expect(await screen.findByText('Only PDF or image files are accepted.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("describes the input by the help and the form's message", () => {
    renderField(jest.fn(), 'Must Attach Files');
    const input = screen.getByLabelText('Proof of Purchase');
    expect(input).toHaveAccessibleDescription('A PDF of the receipt. Must Attach Files');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('uploadErrorMessage', () => {
  it("is the server's message, else the spec's upload failure", () => {
    expect(uploadErrorMessage(new ApiError(400, { error: 'uploads.size', message: 'Too large.' }))).toBe('Too large.');
    expect(uploadErrorMessage(new ApiError(0, { error: 'http.network', message: 'offline' }))).toBe('Error Uploading - Please Try Again');
    expect(uploadErrorMessage(new Error('boom'))).toBe('Error Uploading - Please Try Again');
  });
});
