import type { files } from '@chepai/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider, Form } from 'antd';
import { FeedbackProvider } from '../feedback';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, type FileUploadProps } from './file-upload';
import { useUploadsBusy } from './upload-busy';
import { requiredUploadRule } from './upload-rules';
import { installMatchMedia } from '../../testing/antd-jsdom';
import { jpegFile, uploadedFile } from '../../testing/upload-files';

const api = vi.hoisted(() => ({ uploadFile: vi.fn(), deleteFile: vi.fn(), fileUrl: vi.fn() }));
vi.mock('./upload-api', () => api);
// The confirmation dialog is antd's, loaded on first use; its responsive parts ask about media
// queries, which jsdom has none of.
installMatchMedia();

const Shell = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN}>
    <FeedbackProvider>{children}</FeedbackProvider>
  </ConfigProvider>
);

function renderUpload(props: Partial<FileUploadProps> = {}) {
  const onChange = vi.fn();
  render(
    <Shell>
      <FileUpload type="image" isPrivate={false} maxCount={3} onChange={onChange} {...props} />
    </Shell>,
  );
  return { onChange };
}

const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
async function choose(...chosen: File[]) {
  await act(async () => {
    fireEvent.change(input(), { target: { files: chosen } });
  });
}

beforeEach(() => {
  api.uploadFile.mockReset();
  api.deleteFile.mockReset();
  api.fileUrl.mockReset();
});
afterEach(() => cleanup());

describe('FileUpload', () => {
  it('refuses a file over 10 MB before sending it', async () => {
    renderUpload();
    await choose(jpegFile('big.jpg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('文件超过10M，无法上传')).toBeTruthy();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('takes only pictures where a picture is asked for', async () => {
    renderUpload();
    await choose(jpegFile('contract.pdf', 1000, 'application/pdf'));
    expect(await screen.findByText('请上传图片格式的文件')).toBeTruthy();
    await choose(jpegFile('virus.jpg', 1000, 'application/x-msdownload'));
    await waitFor(() => expect(screen.getAllByText('请上传图片格式的文件')).toHaveLength(2));
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('refuses more files than the limit, counting those already listed', async () => {
    renderUpload({ value: [uploadedFile('1')], maxCount: 2 });
    await choose(jpegFile('a.jpg'), jpegFile('b.jpg'));
    expect(await screen.findByText('共选择了3个文件，超过了最大限制2个')).toBeTruthy();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('says so and lists the file when the upload succeeds', async () => {
    api.uploadFile.mockResolvedValue(uploadedFile('7'));
    const { onChange } = renderUpload();
    await choose(jpegFile('car.jpg'));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(api.uploadFile).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ type: 'image', isPrivate: false }),
    );
    expect(onChange).toHaveBeenLastCalledWith([uploadedFile('7')]);
  });

  it("says '文件上传失败' and drops the file when the server refuses it", async () => {
    let reject: (e: Error) => void = () => undefined;
    api.uploadFile.mockReturnValue(new Promise((_, r) => (reject = r)));
    const { onChange } = renderUpload();
    await choose(jpegFile('car.jpg'));
    await waitFor(() => expect(screen.getByText('car.jpg')).toBeTruthy()); // listed while uploading
    await act(async () => reject(new Error('请上传图片格式的文件')));
    expect(await screen.findByText('文件上传失败：请上传图片格式的文件')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('car.jpg')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks before deleting; cancel keeps the file, confirming deletes it', async () => {
    api.deleteFile.mockResolvedValue(null);
    const { onChange } = renderUpload({ value: [uploadedFile('9')] });
    const remove = () => screen.getByTitle('删除文件');
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

  it('previews a private picture through a signed address', async () => {
    api.fileUrl.mockImplementation(
      async (id: string, variant = 'original') => `/api/files/s/${id}/${variant}?exp=1&sig=x`,
    );
    renderUpload({ value: [uploadedFile('5', { isPrivate: true, fileUrl: '', thumbnailUrl: null })] });
    await waitFor(() => expect(api.fileUrl).toHaveBeenCalledWith('5', 'thumbnail'));
    const preview = await screen.findByTitle('预览文件');
    await act(async () => fireEvent.click(preview));
    expect(api.fileUrl).toHaveBeenCalledWith('5');
    await waitFor(() =>
      expect(document.querySelector('img[src="/api/files/s/5/original?exp=1&sig=x"]')).not.toBeNull(),
    );
  });
});

describe('requiredUploadRule', () => {
  it("stops a form submitted without a file with '请上传对应的文件'", async () => {
    const onFinish = vi.fn();
    render(
      <Shell>
        <Form onFinish={onFinish}>
          <Form.Item name="photos" label="车辆照片" rules={[requiredUploadRule]}>
            <FileUpload type="image" />
          </Form.Item>
          <Button htmlType="submit">提交</Button>
        </Form>
      </Shell>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提 交' })));
    expect(await screen.findByText('请上传对应的文件')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});

describe('useUploadsBusy', () => {
  function BusyForm({ onFinish }: { onFinish: (v: unknown) => void }) {
    const uploads = useUploadsBusy();
    return (
      <uploads.Track>
        <Form onFinish={onFinish}>
          <Form.Item name="proof" label="登记证书" rules={[requiredUploadRule]}>
            <FileUpload type="image" />
          </Form.Item>
          <Button htmlType="submit" disabled={uploads.busy}>
            提交
          </Button>
        </Form>
      </uploads.Track>
    );
  }

  it('keeps the submit disabled while a file is on its way, so it is not refused as missing', async () => {
    let finish: (f: files.UploadedFile) => void = () => undefined;
    api.uploadFile.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const onFinish = vi.fn();
    render(
      <Shell>
        <BusyForm onFinish={onFinish} />
      </Shell>,
    );
    const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: '提 交' });
    expect(submit().disabled).toBe(false);
    await choose(jpegFile());
    expect(submit().disabled).toBe(true);
    await act(async () => finish(uploadedFile('7')));
    await waitFor(() => expect(submit().disabled).toBe(false));
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ proof: [uploadedFile('7')] }));
  });
});
