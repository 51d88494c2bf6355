import type { deals } from '@chepai/shared';
import type { ReactNode } from 'react';
import { beijing, durationText, yuanText } from '../lots/format';
import { Descriptions } from '../plain/descriptions';
import { Steps } from '../plain/steps';
import { Tag } from '../plain/tag';
import './deals.css';

type Deal = deals.DealView;

/** 'x 天 hh:mm:ss' left, or that it has passed. */
export function DeadlineText({ deadline, now }: { deadline: number; now: number }) {
  const left = deadline - now;
  return (
    <span className={left > 0 ? 'deal-deadline' : 'deal-deadline is-over'} data-testid="deal-deadline">
      {left > 0 ? `剩余 ${durationText(left)}` : '已到期'}
      <span className="muted">（截止 {beijing(deadline)}）</span>
    </span>
  );
}

/** The five steps of a deal with when each happened or is due; one under another on a phone. */
export function DealProgress({ deal }: { deal: Deal }) {
  const current = deal.steps.findIndex((s) => s.at === null);
  const failed = deal.stage === 'defaulted';
  return (
    <Steps
      className="deal-steps"
      stack
      current={current === -1 ? deal.steps.length : current}
      status={failed ? 'error' : undefined}
      items={deal.steps.map((s, i) => ({
        title: s.label,
        // A defaulted deal stops at the step it missed: no later step is due any more.
        description: s.at
          ? beijing(s.at)
          : failed
            ? i === current
              ? '逾期未完成'
              : undefined
            : s.deadline
              ? `截止 ${beijing(s.deadline, 'short')}`
              : undefined,
      }))}
    />
  );
}

/** Every amount of the deal and whether it is paid. */
export function DealAmounts({
  deal,
  extra,
}: {
  deal: Deal;
  extra?: Partial<Record<'balance' | 'fee' | 'storage', ReactNode>>;
}) {
  // A defaulted deal is closed: what was not paid is no longer owed.
  const closed = deal.stage === 'defaulted';
  const state = (paid: boolean) =>
    paid ? (
      <Tag color="green">已支付</Tag>
    ) : closed ? (
      <Tag color="default">无需支付</Tag>
    ) : (
      <Tag color="orange">待支付</Tag>
    );
  const { storage } = deal;
  return (
    <Descriptions
      className="deal-amounts"
      small
      labelWidth={120}
      items={[
        {
          label: '成交价',
          children: (
            <>
              <strong className="money">{yuanText(deal.finalPrice)}</strong>
              <span className="muted deal-words">人民币{deal.finalPriceInWords}</span>
            </>
          ),
        },
        { label: '保证金抵扣', children: <>−{yuanText(deal.depositApplied)}</> },
        {
          label: '成交余款',
          children: (
            <span className="deal-amount-row">
              {yuanText(deal.balanceDue)} {state(deal.balancePaid)} {extra?.balance}
            </span>
          ),
        },
        {
          label: '买方服务费',
          children: (
            <span className="deal-amount-row">
              {yuanText(deal.serviceFee)} {state(deal.feePaid)} {extra?.fee}
            </span>
          ),
        },
        {
          label: '场地存放费',
          children:
            storage.days > 0 ? (
              <span className="deal-amount-row">
                {yuanText(storage.accrued)}
                <span className="muted">
                  （逾期 {storage.days} 天 × {yuanText(storage.perDay)}）
                </span>
                {state(Number(storage.outstanding) === 0)} {extra?.storage}
              </span>
            ) : (
              <span className="muted">提车期限内免收，逾期每天 {yuanText(storage.perDay)}</span>
            ),
        },
        {
          label: '合计应付',
          // The whole (storage included) and what is left of it: after full payment nothing is due
          // but a storage fee that accrued.
          children: closed ? (
            <span className="muted">订单已违约关闭，无需支付</span>
          ) : (
            <span className="deal-amount-row">
              <strong>{yuanText(deal.owed.total)}</strong>
              <span className="muted">
                {Number(deal.owed.outstanding) === 0
                  ? '已付清'
                  : Number(deal.owed.paid) === 0
                    ? '尚未支付'
                    : `已付 ${yuanText(deal.owed.paid)}，待付 ${yuanText(deal.owed.outstanding)}`}
              </span>
            </span>
          ),
        },
      ]}
    />
  );
}
