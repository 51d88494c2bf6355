import type { files } from '@chepai/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../feedback';
import { PlainFileUpload, type PlainFileUploadProps } from './plain-file-upload';
import { useUploadsBusy } from './upload-busy';
import { installMatchMedia } from '../../testing/antd-jsdom';
import { jpegFile, uploadedFile } from '../../testing/upload-files';

const api = vi.hoisted(() => ({ uploadFile: vi.fn(), deleteFile: vi.fn(), fileUrl: vi.fn() }));
vi.mock('./upload-api', () => api);
// The confirmation dialog is antd's, loaded on first use; its responsive parts ask about media
// queries, which jsdom has none of.
installMatchMedia();

/** The field with the busy flag of its form beside it, as a page's submit button reads it. */
function Page(props: Partial<PlainFileUploadProps>) {
  const uploads = useUploadsBusy();
  return (
    <uploads.Track>
      <PlainFileUpload type="image" isPrivate={false} maxCount={3} {...props} />
      <output data-testid="busy">{String(uploads.busy)}</output>
    </uploads.Track>
  );
}

function renderUpload(props: Partial<PlainFileUploadProps> = {}) {
  const onChange = vi.fn();
  render(
    <FeedbackProvider>
      <Page onChange={onChange} {...props} />
    </FeedbackProvider>,
  );
  return { onChange };
}

const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
async function choose(...chosen: File[]) {
  await act(async () => {
    fireEvent.change(input(), { target: { files: chosen } });
  });
}

// Toasts and dialogs are antd's, loaded on first use: loaded once here, so the first test's toast
// is not waited for longer than the others'.
beforeAll(async () => {
  await import('../feedback/feedback-host');
});
beforeEach(() => {
  api.uploadFile.mockReset();
  api.deleteFile.mockReset();
  api.fileUrl.mockReset();
});
afterEach(() => cleanup());

describe('PlainFileUpload', () => {
  it('is opened by its button, which a label outside names; the input takes what the type allows', () => {
    renderUpload({ id: 'proof', 'aria-describedby': 'proof-hint', 'aria-invalid': true });
    const button = screen.getByRole('button', { name: '上传图片' });
    expect(button.id).toBe('proof');
    expect(button.getAttribute('aria-describedby')).toBe('proof-hint');
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(input().accept).toContain('image/jpeg');
    expect(input().multiple).toBe(true);
    const click = vi.spyOn(input(), 'click');
    fireEvent.click(button);
    expect(click).toHaveBeenCalled();
    expect(screen.getByText(/支持 JPG、PNG、WebP 图片，单个文件不超过10M，最多\s*3个/)).toBeTruthy();
  });

  it('offers 选择文件 for documents, one file by default, and hides it when full or disabled', () => {
    const { unmount } = render(
      <FeedbackProvider>
        <PlainFileUpload type="document" />
      </FeedbackProvider>,
    );
    expect(screen.getByRole('button', { name: '选择文件' })).toBeTruthy();
    expect(input().multiple).toBe(false);
    expect(input().accept).toContain('application/pdf');
    unmount();
    render(
      <FeedbackProvider>
        <PlainFileUpload type="document" value={[uploadedFile('1', { fileName: 'a.pdf' })]} />
        <PlainFileUpload type="image" maxCount={3} disabled />
      </FeedbackProvider>,
    );
    expect(screen.queryByRole('button', { name: '选择文件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    renderUpload();
    await choose(jpegFile('big.jpg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('文件超过10M，无法上传')).toBeTruthy();
    expect(api.uploadFile).not.toHaveBeenCalled();
    expect(screen.queryByText('big.jpg')).toBeNull();
  });

  it('takes only pictures where a picture is asked for', async () => {
    renderUpload();
    await choose(jpegFile('contract.pdf', 1000, 'application/pdf'));
    expect(await screen.findByText('请上传图片格式的文件')).toBeTruthy();
    await choose(jpegFile('virus.jpg', 1000, 'application/x-msdownload'));
    await waitFor(() => expect(screen.getAllByText('请上传图片格式的文件')).toHaveLength(2));
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('refuses more files than the limit once per selection, counting those already listed', async () => {
    renderUpload({ value: [uploadedFile('1')], maxCount: 2 });
    await choose(jpegFile('a.jpg'), jpegFile('b.jpg'));
    expect(await screen.findByText('共选择了3个文件，超过了最大限制2个')).toBeTruthy();
    expect(screen.getAllByText('共选择了3个文件，超过了最大限制2个')).toHaveLength(1);
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('sends the good files of a selection and refuses the others', async () => {
    api.uploadFile.mockImplementation(async (f: File) => uploadedFile(f.name));
    renderUpload();
    await choose(jpegFile('a.jpg'), jpegFile('b.pdf', 1000, 'application/pdf'));
    expect(await screen.findByText('请上传图片格式的文件')).toBeTruthy();
    expect(api.uploadFile).toHaveBeenCalledTimes(1);
    expect((api.uploadFile.mock.calls[0]![0] as File).name).toBe('a.jpg');
  });

  it('lists a file with its progress while it is sent, busy meanwhile; then says so and keeps it', async () => {
    let finish: (f: files.UploadedFile) => void = () => undefined;
    let progress: (percent: number) => void = () => undefined;
    api.uploadFile.mockImplementation(
      (_f: File, o: { onProgress: (p: number) => void }) =>
        new Promise((resolve) => {
          progress = o.onProgress;
          finish = resolve;
        }),
    );
    const { onChange } = renderUpload();
    expect(screen.getByTestId('busy').textContent).toBe('false');
    await choose(jpegFile('car.jpg'));
    expect(screen.getByText('car.jpg')).toBeTruthy();
    expect(screen.getByTestId('busy').textContent).toBe('true');
    expect(api.uploadFile).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ type: 'image', isPrivate: false }),
    );
    await act(async () => progress(40));
    expect(screen.getByRole('progressbar', { name: 'car.jpg上传进度' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    await act(async () => finish(uploadedFile('7')));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([uploadedFile('7')]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('busy').textContent).toBe('false');
    // Without a value from outside the field keeps its own list.
    expect(screen.getByRole('button', { name: '预览car-7.jpg' })).toBeTruthy();
  });

  it("says '文件上传失败' and drops the file when the server refuses it", async () => {
    let reject: (e: Error) => void = () => undefined;
    api.uploadFile.mockReturnValue(new Promise((_, r) => (reject = r)));
    const { onChange } = renderUpload({ type: 'document' });
    await choose(jpegFile('car.jpg'));
    expect(screen.getByText('car.jpg')).toBeTruthy(); // listed while uploading
    await act(async () => reject(new Error('请上传图片格式的文件')));
    expect(await screen.findByText('文件上传失败：请上传图片格式的文件')).toBeTruthy();
    expect(screen.queryByText('car.jpg')).toBeNull();
    expect(screen.getByTestId('busy').textContent).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks before deleting; cancel keeps the file, confirming deletes it', async () => {
    api.deleteFile.mockResolvedValue(null);
    const { onChange } = renderUpload({ value: [uploadedFile('9')] });
    const remove = () => screen.getByRole('button', { name: '删除car-9.jpg' });
    await act(async () => fireEvent.click(remove()));
    expect(await screen.findByText('确定删除文件“car-9.jpg”吗？删除后不可恢复。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取 消' })));
    expect(api.deleteFile).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(remove()));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删 除' })));
    expect(api.deleteFile).toHaveBeenCalledWith('9');
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('removes a file kept by a resubmitted order from the form without deleting it', async () => {
    const { onChange } = renderUpload({ value: [uploadedFile('9')], keepFileIds: new Set(['9']) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除car-9.jpg' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删 除' })));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(api.deleteFile).not.toHaveBeenCalled();
  });

  it('a form holding the value sees the deleted file go', async () => {
    api.uploadFile.mockResolvedValue(
      uploadedFile('3', { fileName: 'a.pdf', contentType: 'application/pdf' }),
    );
    api.deleteFile.mockResolvedValue(null);
    function Held() {
      const [value, setValue] = useState<files.UploadedFile[]>([]);
      return <PlainFileUpload type="document" maxCount={2} value={value} onChange={setValue} />;
    }
    render(
      <FeedbackProvider>
        <Held />
      </FeedbackProvider>,
    );
    await choose(jpegFile('a.pdf', 1000, 'application/pdf'));
    expect(await screen.findByRole('button', { name: 'a.pdf' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除a.pdf' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删 除' })));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'a.pdf' })).toBeNull());
  });

  it('previews a private picture through a signed address, in a dialog Escape closes', async () => {
    api.fileUrl.mockImplementation(
      async (id: string, variant = 'original') => `/api/files/s/${id}/${variant}?exp=1&sig=x`,
    );
    renderUpload({ value: [uploadedFile('5', { isPrivate: true, fileUrl: '', thumbnailUrl: null })] });
    await waitFor(() => expect(api.fileUrl).toHaveBeenCalledWith('5', 'thumbnail'));
    await waitFor(() =>
      expect(document.querySelector('img[src="/api/files/s/5/thumbnail?exp=1&sig=x"]')).not.toBeNull(),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '预览car-5.jpg' })));
    expect(api.fileUrl).toHaveBeenCalledWith('5');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/files/s/5/original?exp=1&sig=x');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '关闭预览' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a private PDF in a new tab through a signed address', async () => {
    api.fileUrl.mockResolvedValue('/api/files/s/6/original?exp=1&sig=x');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderUpload({
      type: 'document',
      value: [
        uploadedFile('6', { isPrivate: true, fileName: '登记证书.pdf', contentType: 'application/pdf' }),
      ],
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登记证书.pdf' })));
    expect(api.fileUrl).toHaveBeenCalledWith('6');
    expect(open).toHaveBeenCalledWith('/api/files/s/6/original?exp=1&sig=x', '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).toBeNull();
    open.mockRestore();
  });
});
