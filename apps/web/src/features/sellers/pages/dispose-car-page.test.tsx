import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { renderWithApp } from '../../../testing/render';
import { jpegFile, uploadedFile } from '../../../testing/upload-files';
import { complete, VIN } from '../dispose/test-values';
import type { DisposeValues } from '../dispose/form-model';
import DisposeCarPage from './dispose-car-page';

const api = vi.hoisted(() => ({
  checkVin: vi.fn(),
  loadDraft: vi.fn(),
  saveDraft: vi.fn(),
  deleteDraft: vi.fn(),
  loadOrderForm: vi.fn(),
  submitOrder: vi.fn(),
  useDrafts: () => ({ data: [] }),
  useDraftsRefresh: () => async () => undefined,
}));
vi.mock('../api/dispose-api', () => api);
// The catalog the pickers offer: the draft's own brand, series and model.
vi.mock('../../../api/catalog-queries', () => ({
  useBrands: () => ({ data: [{ id: '1', name: '大众' }] }),
  useSeriesList: () => ({ data: [{ id: '11', seriesName: '帕萨特' }] }),
  useModelList: () => ({ data: [{ id: '101', name: '2021款 330TSI' }] }),
  fetchModelBriefs: async () => [],
}));
const uploads = vi.hoisted(() => ({ uploadFile: vi.fn(), deleteFile: vi.fn(), fileUrl: vi.fn() }));
vi.mock('../../../components/upload/upload-api', () => uploads);

// jsdom lays nothing out, so it has no scrolling.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();
installMatchMedia();

/** A promise and the hand that settles it, for an answer that arrives when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function openDraft(form: DisposeValues) {
  api.loadDraft.mockResolvedValue({ draftId: 'd1', form, updatedAt: Date.now() });
  renderWithApp(<DisposeCarPage />, { path: '/disposeCar?draftId=d1' });
  await screen.findByTestId('dispose-step-0');
}

beforeAll(async () => {
  await import('../../../components/feedback/feedback-host');
});
beforeEach(() => {
  for (const f of [api.checkVin, api.loadDraft, api.saveDraft, uploads.uploadFile]) f.mockReset();
  api.saveDraft.mockResolvedValue({ draftId: 'd1', updatedAt: Date.now() });
});
afterEach(cleanup);

describe('DisposeCarPage', () => {
  it('waits for the VIN’s answer when 下一步 is pressed before the pause, and stays on a VIN in use', async () => {
    const answer = deferred<{ inUse: boolean; message?: string }>();
    api.checkVin.mockReturnValue(answer.promise);
    await openDraft(complete());
    const next = screen.getByTestId('dispose-next');
    // Pressed at once: the page's own check (after a 400-ms pause in typing) has not asked yet.
    fireEvent.click(next);
    expect(api.checkVin).toHaveBeenCalledWith(VIN, undefined);
    expect(next.getAttribute('aria-busy')).toBe('true');
    expect((next as HTMLButtonElement).disabled).toBe(true);
    // Answered outside act(): React renders in a task of its own, as in a browser, so the step is
    // checked before the answer's render (the race a VIN answer kept in state lost).
    answer.resolve({ inUse: true, message: '该车架号已有在审订单' });
    const vin = screen.getByLabelText('车架号（VIN）');
    await waitFor(() => expect(document.activeElement).toBe(vin));
    expect(screen.getByTestId('dispose-step-0')).toBeTruthy();
    const described = vin.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('该车架号已有在审订单');
    expect(next.getAttribute('aria-busy')).toBe('false');
  });

  it('goes on once the VIN is free', async () => {
    api.checkVin.mockResolvedValue({ inUse: false });
    await openDraft(complete());
    await act(async () => fireEvent.click(screen.getByTestId('dispose-next')));
    await screen.findByTestId('dispose-step-1');
  });

  it('says a failed step’s messages once: the first field takes the focus, none is an alert of its own', async () => {
    api.checkVin.mockResolvedValue({ inUse: false });
    await openDraft({ ...complete(), color: '', plateNo: '', mileageKm: undefined });
    await act(async () => fireEvent.click(screen.getByTestId('dispose-next')));
    const step = screen.getByTestId('dispose-step-0');
    const messages = step.querySelectorAll('.plain-field-message');
    expect(messages.length).toBe(3);
    expect(within(step).queryAllByRole('alert')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('车牌号'));
    // Changed again, the field's message is said as it changes.
    act(() => {
      fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '京' } });
    });
    expect(
      within(step)
        .getAllByRole('alert')
        .map((a) => a.id),
    ).toEqual([`${screen.getByLabelText('车牌号').id}-error`]);
  });

  it('keeps the seller on the photos step while a photo is on its way', async () => {
    api.checkVin.mockResolvedValue({ inUse: false });
    const sent = deferred<ReturnType<typeof uploadedFile>>();
    uploads.uploadFile.mockReturnValue(sent.promise);
    await openDraft({ ...complete(), photos: [] });
    const stepButton = (name: string) =>
      screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(name) });
    fireEvent.click(stepButton('车辆照片'));
    const step = await screen.findByTestId('dispose-step-2');
    const input = step.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [jpegFile('front.jpg')] } }));

    const back = screen.getByRole<HTMLButtonElement>('button', { name: '上一步' });
    expect(back.disabled).toBe(true);
    expect(stepButton('车辆信息').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('dispose-next').disabled).toBe(true);
    expect(screen.getByText(/文件上传中/).getAttribute('role')).toBe('status');

    await act(async () => sent.resolve(uploadedFile('p1', { fileName: 'front.jpg' })));
    await waitFor(() => expect(back.disabled).toBe(false));
    expect(screen.getAllByTestId('photo-card').length).toBeGreaterThan(0);
    fireEvent.click(back);
    await screen.findByTestId('dispose-step-1');
  });
});
