import { bidding } from '@chepai/shared';
import type { LotDetail } from '@chepai/shared/contracts/lots';
import { fenToYuanString, yuanStringToFen } from '@chepai/shared/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { yuanText } from '../../../components/lots/format';
import { callApi } from '../../../lib/api';

const fen = (yuan: string) => yuanStringToFen(yuan) as number;

/** Quick amounts, the custom amount and the optional proxy maximum; every bid is confirmed first. */
export function BidPanel({ lot, bidByMe }: { lot: LotDetail; bidByMe: boolean }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const inc = fen(lot.increment);
  const start = fen(lot.startPrice);
  const min = lot.bidCount > 0 ? fen(lot.currentPrice) + inc : start;
  const [amount, setAmount] = useState<number | null>(null);
  const [useProxy, setUseProxy] = useState(false);
  const [max, setMax] = useState<number | null>(null);
  const chosen = amount !== null && amount * 100 >= min ? Math.round(amount * 100) : min;
  const problem =
    chosen < min ? `出价不能低于 ${yuanText(fenToYuanString(min))}` : (chosen - start) % inc !== 0 ? `加价幅度不符：须为 ${yuanText(lot.increment)} 的整数倍` : null;
  const maxFen = useProxy && max !== null ? Math.round(max * 100) : null;
  const bid = useMutation({
    mutationFn: () =>
      callApi(bidding.placeBid, { orderId: lot.orderId, amount: fenToYuanString(chosen), ...(maxFen ? { maxAmount: fenToYuanString(maxFen) } : {}) }),
    onSuccess: (res) => {
      if (res.result === 'maxRaised') void message.success('代理出价上限已更新');
      else if (res.state.leading) void message.success(`出价成功：${yuanText(res.bid?.amount ?? '0.00')}，您当前领先`);
      else void message.warning('出价成功，但已被其他竞买人的代理出价超越');
      setAmount(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['lot', lot.orderId] }),
  });
  const confirm = () =>
    modal.confirm({
      title: '确认出价',
      content: (
        <div>
          <p>
            出价金额：<strong className="bid-confirm-amount">{yuanText(fenToYuanString(chosen))}</strong>
          </p>
          {maxFen ? <p>代理出价上限：{yuanText(fenToYuanString(maxFen))}（系统以最小必要金额代您加价）</p> : null}
          <p className="muted">出价一经确认不可撤回。</p>
        </div>
      ),
      okText: '确认出价',
      cancelText: '取消',
      onOk: () => bid.mutateAsync(),
    });
  const state = lot.leading ? <Tag color="success">领先</Tag> : bidByMe ? <Tag color="error">已出局</Tag> : <Tag>未出价</Tag>;
  return (
    <section className="bid-panel panel" aria-label="出价" id="bid-panel">
      <div className="bid-panel-head">
        <span>我的状态：{state}</span>
        <span className="muted">最低可出价 {yuanText(fenToYuanString(min))}</span>
      </div>
      <Space wrap className="bid-quick">
        {[1, 2, 5].map((k) => {
          const v = min + (k - 1) * inc;
          return (
            <Button key={k} onClick={() => setAmount(v / 100)} type={chosen === v ? 'primary' : 'default'} ghost={chosen === v}>
              +{k} 档 {yuanText(fenToYuanString(v))}
            </Button>
          );
        })}
      </Space>
      <Space wrap align="start" className="bid-custom">
        <InputNumber<number>
          aria-label="出价金额"
          addonBefore="¥"
          min={min / 100}
          step={inc / 100}
          precision={2}
          value={amount ?? min / 100}
          onChange={setAmount}
          style={{ width: 220 }}
        />
        <Checkbox checked={useProxy} onChange={(e) => setUseProxy(e.target.checked)}>
          代理出价
        </Checkbox>
        {useProxy && (
          <InputNumber<number> aria-label="最高代理价" addonBefore="上限 ¥" min={chosen / 100} step={inc / 100} precision={2} value={max} onChange={setMax} style={{ width: 220 }} />
        )}
        <Button type="primary" size="large" disabled={Boolean(problem) || lot.leading && !maxFen} loading={bid.isPending} onClick={confirm}>
          {lot.leading && maxFen ? '更新代理上限' : '立即出价'}
        </Button>
      </Space>
      {problem && <div className="bid-problem">{problem}</div>}
      {lot.leading && !maxFen && <div className="muted bid-hint">您已是最高出价者，可设置代理出价上限</div>}
    </section>
  );
}
