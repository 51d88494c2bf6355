import { fenToYuanString, yuanStringToFen } from '@chepai/shared/domain/money';
import { amountInWords } from '@chepai/shared/domain/amount-in-words';
import { isOnGrid, minimumNextBid, quickBids } from '@chepai/shared/domain/bidding-rules';
import type { LotDetail } from '@chepai/shared/contracts/lots';
import { Alert, Button, Checkbox, InputNumber, Modal, Tag } from 'antd';
import { useState } from 'react';
import { yuanText } from '../../../components/lots/format';
import { usePlaceBid } from '../api/bidding-queries';

const toFen = (yuan: string) => Number(yuanStringToFen(yuan));
const toYuan = (fen: number) => fenToYuanString(fen);

/** Checks a typed amount against the grid with the same rules the server uses; null = fine. */
export function amountProblem(
  grid: { startPrice: number; increment: number; currentPrice: number | null },
  fen: number | null,
): string | null {
  if (fen === null || !Number.isFinite(fen)) return '请输入出价金额';
  const min = minimumNextBid(grid);
  if (fen < min) return `出价不能低于 ${yuanText(toYuan(min))}`;
  if (!isOnGrid(grid, fen)) return `出价须为起拍价加整数倍加价幅度（${yuanText(toYuan(grid.increment))}）`;
  return null;
}

export type MyState = 'leading' | 'outbid' | 'none';
const STATE_TAG: Record<MyState, { color: string; text: string }> = {
  leading: { color: 'red', text: '领先' },
  outbid: { color: 'default', text: '已出局' },
  none: { color: 'blue', text: '未出价' },
};

/** Quick +1/+2/+5 increments, a custom amount on the grid, an optional 代理出价 maximum and 出价确认. */
export function BidPanel({ lot, myState }: { lot: LotDetail; myState: MyState }) {
  const grid = {
    startPrice: toFen(lot.startPrice),
    increment: toFen(lot.increment),
    currentPrice: lot.bidCount ? toFen(lot.currentPrice) : null,
  };
  const min = minimumNextBid(grid);
  // Only a maximum above the price is a proxy the buyer set (a plain bid is its own maximum).
  const proxyMax =
    lot.myMaxAmount !== null && toFen(lot.myMaxAmount) > (grid.currentPrice ?? 0) ? lot.myMaxAmount : null;
  const [custom, setCustom] = useState<number | null>(null);
  const [proxy, setProxy] = useState(false);
  const [maxYuan, setMaxYuan] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<{ amount: number; max: number | null } | null>(null);
  const place = usePlaceBid(lot.orderId);
  const customFen = custom === null ? null : Math.round(custom * 100);
  const problem = custom === null ? null : amountProblem(grid, customFen);
  const maxFen = proxy && maxYuan !== null ? Math.round(maxYuan * 100) : null;
  const maxProblem =
    proxy && maxFen !== null && customFen !== null && maxFen < customFen
      ? '代理出价上限不能低于本次出价'
      : null;

  const submit = () => {
    if (!confirm) return;
    const input = {
      amount: toYuan(confirm.amount),
      ...(confirm.max ? { maxAmount: toYuan(confirm.max) } : {}),
    };
    void place
      .mutateAsync(input)
      .then(
        () => setCustom(null),
        () => undefined,
      )
      .finally(() => setConfirm(null));
  };

  return (
    <div className="bid-panel" data-testid="bid-panel">
      <div className="bid-state">
        我的状态{' '}
        <Tag color={STATE_TAG[myState].color} data-testid="my-state">
          {STATE_TAG[myState].text}
        </Tag>
        {lot.myTopAmount !== null && (
          <span className="muted" data-testid="my-top">
            我的最高出价 {yuanText(lot.myTopAmount)}
          </span>
        )}
        <span className="muted">最低可出 {yuanText(toYuan(min))}</span>
      </div>
      {myState === 'leading' && (
        <Alert
          type="success"
          showIcon
          className="bid-alert"
          message={proxyMax ? `您当前是最高出价者 · 代理上限 ${yuanText(proxyMax)}` : '您当前是最高出价者'}
          description={
            proxyMax
              ? '他人出价时，系统将在上限内自动为您加价；可勾选代理出价提高上限。'
              : '他人出价后您可再次出价；勾选代理出价可由系统在上限内自动加价。'
          }
        />
      )}
      <div className="bid-quick">
        {quickBids(grid, [1, 2, 5]).map((amount, i) => (
          <Button
            key={amount}
            disabled={myState === 'leading'}
            onClick={() => setConfirm({ amount, max: null })}
          >
            {grid.currentPrice === null && i === 0 ? '起拍价' : `+${[1, 2, 5][i]}档`}{' '}
            {yuanText(toYuan(amount))}
          </Button>
        ))}
      </div>
      <div className="bid-custom">
        <InputNumber<number>
          aria-label="出价金额"
          placeholder={`自定义出价，不低于 ${toYuan(min)}`}
          min={0}
          step={grid.increment / 100}
          precision={2}
          value={custom}
          onChange={setCustom}
          addonBefore="¥"
          status={problem ? 'error' : undefined}
          style={{ width: 260 }}
        />
        <Button
          type="primary"
          disabled={myState === 'leading' && !proxy}
          onClick={() => {
            const p = amountProblem(grid, customFen) ?? maxProblem;
            if (!p && customFen !== null) setConfirm({ amount: customFen, max: maxFen });
            else setCustom((v) => v ?? min / 100);
          }}
        >
          出价
        </Button>
      </div>
      {problem && (
        <div className="bid-error" role="alert">
          {problem}
        </div>
      )}
      <div className="bid-proxy">
        <Checkbox checked={proxy} onChange={(e) => setProxy(e.target.checked)}>
          代理出价
        </Checkbox>
        {proxy && (
          <InputNumber<number>
            aria-label="最高代理价"
            placeholder="最高代理价"
            min={0}
            precision={2}
            value={maxYuan}
            onChange={setMaxYuan}
            addonBefore="¥"
            style={{ width: 220 }}
          />
        )}
        <span className="muted">系统将在上限内按最小加价幅度自动为您出价</span>
      </div>
      {maxProblem && (
        <div className="bid-error" role="alert">
          {maxProblem}
        </div>
      )}
      <Modal
        title="出价确认"
        open={confirm !== null}
        okText="确认出价"
        cancelText="取消"
        confirmLoading={place.isPending}
        onOk={submit}
        onCancel={() => setConfirm(null)}
      >
        {confirm && (
          <div className="bid-confirm">
            <p>
              出价金额：<strong data-testid="confirm-amount">{yuanText(toYuan(confirm.amount))}</strong>
            </p>
            <p>
              大写：<strong>{amountInWords(toYuan(confirm.amount))}</strong>
            </p>
            {confirm.max && (
              <p>
                最高代理价：{yuanText(toYuan(confirm.max))}（{amountInWords(toYuan(confirm.max))}）
              </p>
            )}
            <p className="muted">出价一经确认不可撤回；成交后须在规定时间内付清余款，否则保证金不予退还。</p>
          </div>
        )}
      </Modal>
    </div>
  );
}
