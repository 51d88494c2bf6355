import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../../components/feedback';
import type { PhotoItem } from './form-model';
import { PhotoBoard } from './photo-board';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { jpegFile, uploadedFile } from '../../../testing/upload-files';

const api = vi.hoisted(() => ({ uploadFile: vi.fn(), deleteFile: vi.fn(), fileUrl: vi.fn() }));
vi.mock('../../../components/upload/upload-api', () => api);
// The confirmation dialog is antd's, loaded on first use; its responsive parts ask about media
// queries, which jsdom has none of.
installMatchMedia();

function Board({ initial = [], keep }: { initial?: PhotoItem[]; keep?: ReadonlySet<string> }) {
  const [photos, setPhotos] = useState(initial);
  return <PhotoBoard value={photos} onChange={setPhotos} keepFileIds={keep} />;
}
function renderBoard(props: Parameters<typeof Board>[0] = {}) {
  render(
    <FeedbackProvider>
      <Board {...props} />
    </FeedbackProvider>,
  );
}
const item = (name: string, label: string): PhotoItem => ({
  file: uploadedFile(`id-${name}`, { fileName: name }),
  label,
});

const cards = () => screen.queryAllByTestId('photo-card');
const alts = () => cards().map((c) => within(c).getByRole('img').getAttribute('alt'));
const angles = () => screen.getAllByRole<HTMLSelectElement>('combobox').map((s) => s.value);
const input = () => document.querySelector('.photo-card.add input[type=file]') as HTMLInputElement;

beforeAll(async () => {
  await import('../../../components/feedback/feedback-host');
});
beforeEach(() => {
  api.uploadFile.mockReset();
  api.deleteFile.mockReset();
});
afterEach(() => cleanup());

describe('PhotoBoard', () => {
  it('sends a selection one photo at a time, in order, each taking the next named angle', async () => {
    const answers: Array<() => void> = [];
    api.uploadFile.mockImplementation(
      (f: File) =>
        new Promise((resolve) =>
          answers.push(() => resolve(uploadedFile(`id-${f.name}`, { fileName: f.name }))),
        ),
    );
    renderBoard();
    await act(async () => {
      fireEvent.change(input(), {
        target: { files: [jpegFile('a.jpg'), jpegFile('b.jpg'), jpegFile('c.jpg')] },
      });
    });
    // All three listed with their progress; only the first is on its way.
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(api.uploadFile).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i += 1) {
      await waitFor(() => expect(api.uploadFile).toHaveBeenCalledTimes(i + 1));
      await act(async () => answers[i]!());
      await waitFor(() => expect(cards()).toHaveLength(i + 1));
    }
    expect(api.uploadFile.mock.calls.map(([f]) => (f as File).name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(cards().map((c) => within(c).getByRole('img').getAttribute('title'))).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
    ]);
    expect(alts()).toEqual(['左前45°（第1张）', '正侧（第2张）', '右后45°（第3张）']);
    expect(angles()).toEqual(['左前45°', '正侧', '右后45°']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('photo-count').textContent).toContain('已上传 3 / 30 张，还需至少 5 张');
  });

  it('refuses a selection over the limit before sending any', async () => {
    renderBoard({ initial: Array.from({ length: 29 }, (_, i) => item(`${i}.jpg`, '细节')) });
    await act(async () => {
      fireEvent.change(input(), { target: { files: [jpegFile('a.jpg'), jpegFile('b.jpg')] } });
    });
    expect(await screen.findByText('共选择了31个文件，超过了最大限制30个')).toBeTruthy();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('relabels, moves and makes a cover with the buttons', () => {
    renderBoard({ initial: [item('a.jpg', '左前45°'), item('b.jpg', '正侧'), item('c.jpg', '我的标签')] });
    // A free label stays as it is.
    expect(angles()).toEqual(['左前45°', '正侧', '我的标签']);
    fireEvent.change(screen.getByRole('combobox', { name: '第2张照片的角度' }), {
      target: { value: '车尾' },
    });
    expect(alts()[1]).toBe('车尾（第2张）');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '第1张前移' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '第1张设为封面' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '第3张后移' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '第3张设为封面' }));
    expect(alts()).toEqual(['我的标签（第1张）', '左前45°（第2张）', '车尾（第3张）']);
    fireEvent.click(screen.getByRole('button', { name: '第1张后移' }));
    expect(alts()).toEqual(['左前45°（第1张）', '我的标签（第2张）', '车尾（第3张）']);
    fireEvent.click(screen.getByRole('button', { name: '第2张前移' }));
    expect(alts()[0]).toBe('我的标签（第1张）');
    expect(within(cards()[0]!).getByText('封面')).toBeTruthy();
  });

  it('asks before deleting; cancel keeps the photo, confirming deletes it', async () => {
    api.deleteFile.mockResolvedValue(null);
    renderBoard({ initial: [item('a.jpg', '左前45°'), item('b.jpg', '正侧')] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除第2张' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/删除后不可恢复/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '取 消' })));
    expect(api.deleteFile).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(2);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除第2张' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删 除' })));
    expect(api.deleteFile).toHaveBeenCalledWith('id-b.jpg');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it("keeps a resubmitted order's file on the server when its photo is removed", async () => {
    renderBoard({ initial: [item('a.jpg', '左前45°')], keep: new Set(['id-a.jpg']) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除第1张' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删 除' })));
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(api.deleteFile).not.toHaveBeenCalled();
  });
});
