import { disposal } from '@chepai/shared';
import { Fragment, useState } from 'react';
import { beijingText } from '@chepai/shared/domain/beijing-time';
import { beijingToday } from './dispose-rules';
import { Item, TextItem } from './dispose-fields';
import { depositHint } from './form-model';
import type { DisposeForm } from './use-dispose-form';

/**
 * Epoch ms as a `datetime-local` input's text, and back, in Beijing time whatever the device's
 * zone: the review, the console and the schedule all read the window in Beijing time.
 */
const localText = (ms: number) => beijingText(ms, 'minute').replace(' ', 'T');
const fromLocalText = (s: string) => {
  const ms = s ? Date.parse(`${s}:00+08:00`) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
};

/** Step 4: prices and deposit, the wished-for window, viewing and pickup. */
export function TermsStep({ form }: { form: DisposeForm }) {
  const hint = depositHint(form.values.startPrice);
  // The two ends are kept here while only one is chosen; the form's window is set once both are.
  const [ends, setEnds] = useState<[number | undefined, number | undefined]>(
    () => form.values.wishWindow ?? [undefined, undefined],
  );
  const setEnd = (which: 0 | 1, text: string) => {
    const next: [number | undefined, number | undefined] = [...ends];
    next[which] = fromLocalText(text);
    setEnds(next);
    const [start, end] = next;
    form.set({ wishWindow: start !== undefined && end !== undefined ? [start, end] : undefined }, [
      'wishWindow',
    ]);
  };
  const shown = (which: 0 | 1) => {
    const ms = ends[which];
    return ms === undefined ? '' : localText(ms);
  };
  return (
    <>
      <h2 className="dispose-h2">价格</h2>
      <div className="dispose-grid halves">
        <TextItem
          form={form}
          name="startPrice"
          label="起拍价（元）"
          required
          inputMode="decimal"
          placeholder="例如 100000"
          data-testid="start-price"
        />
        <TextItem
          form={form}
          name="reservePrice"
          label="保留价（元，选填）"
          hint="保留价不公开；最高出价低于保留价时流拍"
          inputMode="decimal"
          placeholder="不设保留价可留空"
        />
        <TextItem
          form={form}
          name="increment"
          label="加价幅度（元）"
          required
          inputMode="decimal"
          placeholder="例如 500"
        />
        <TextItem
          form={form}
          name="deposit"
          label="保证金（元）"
          hint={
            hint
              ? `留空即为起拍价的${disposal.DEPOSIT_PERCENT.default}%（${hint.default}元），可设为 ${hint.min}–${hint.max} 元`
              : `默认起拍价的${disposal.DEPOSIT_PERCENT.default}%，可设为${disposal.DEPOSIT_PERCENT.min}%–${disposal.DEPOSIT_PERCENT.max}%`
          }
          inputMode="decimal"
          placeholder={hint ? String(hint.default) : '默认10%'}
        />
      </div>

      <h2 className="dispose-h2">期望拍卖时间</h2>
      <Item
        form={form}
        name="wishWindow"
        label="期望的竞价时段"
        required
        group
        hint="北京时间；平台排期时参考，最终时间以审核通过后的公告为准"
      >
        {(aria) => (
          <div
            className="dispose-window"
            role="group"
            id={aria.id}
            tabIndex={-1}
            aria-labelledby={`${aria.id}-label`}
            aria-describedby={aria['aria-describedby']}
          >
            {(['开始时间', '结束时间'] as const).map((name, which) => (
              <Fragment key={name}>
                {which === 1 ? (
                  <span className="dispose-window-to" aria-hidden="true">
                    至
                  </span>
                ) : null}
                <input
                  type="datetime-local"
                  className="plain-input"
                  aria-label={name}
                  aria-invalid={aria['aria-invalid']}
                  aria-describedby={aria['aria-describedby']}
                  min={`${beijingToday()}T00:00`}
                  value={shown(which as 0 | 1)}
                  onChange={(e) => setEnd(which as 0 | 1, e.target.value)}
                />
              </Fragment>
            ))}
          </div>
        )}
      </Item>

      <h2 className="dispose-h2">看车与提车</h2>
      <div className="dispose-grid halves">
        <TextItem
          form={form}
          name="viewingAddress"
          label="看车地点"
          required
          maxLength={100}
          placeholder="详细地址"
        />
        <TextItem
          form={form}
          name="viewingTimes"
          label="看车时间"
          required
          maxLength={100}
          placeholder="例如 工作日 9:00-17:00，需提前一天预约"
        />
        <TextItem
          form={form}
          name="pickupAddress"
          label="提车地址"
          required
          maxLength={100}
          placeholder="详细地址"
          className="dispose-wide"
        />
        <TextItem form={form} name="pickupContact" label="提车联系人" required maxLength={20} />
        <TextItem
          form={form}
          name="pickupPhone"
          label="联系电话"
          required
          maxLength={13}
          inputMode="tel"
          placeholder="手机或座机"
        />
      </div>
    </>
  );
}
