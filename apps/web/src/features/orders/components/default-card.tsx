import { deals } from '@chepai/shared';
import { beijing, yuanText } from '../../../components/lots/format';
import { Descriptions } from '../../../components/plain/descriptions';
import { Notice } from '../../../components/plain/notice';

/** The buyer's strikes after this default, and the bar it brought if any. */
function standingText(s: NonNullable<deals.DefaultInfo['standing']>) {
  const nth = `这是您第 ${s.strikes} 次成交后违约（悔拍）`;
  return s.barredUntil
    ? `${nth}，已累计 ${s.strikesToBar} 次：${beijing(s.barredUntil, 'date')} 前不能报名缴纳保证金。如有异议请联系平台客服。`
    : `${nth}；累计 ${s.strikesToBar} 次将暂停报名资格。`;
}

/** The deal's terms and what a missed deadline costs; a defaulted buyer sees what was forfeited, their strikes and what happens next. */
export function DefaultCard({ deal }: { deal: deals.DealView }) {
  const t = deal.terms;
  const d = deal.defaultInfo;
  return (
    <section className="deal-card-section" data-testid="default-card">
      <h2>{d ? '违约处理' : '交易条款与违约说明'}</h2>
      {d && (
        <Notice
          type="error"
          className="order-detail-alert"
          message={`${d.reasonText}，已于 ${beijing(d.at)} 按悔拍处理`}
          description={
            <div className="deal-default-facts" data-testid="default-facts">
              <p>
                保证金 <strong>{yuanText(d.forfeited)}</strong> 不予退还（其中 {yuanText(d.sellerShare)}{' '}
                归处置单位，{yuanText(d.platformShare)} 归平台）。
              </p>
              {d.standing && <p>{standingText(d.standing)}</p>}
              <p>本订单已关闭，您无需再签约或付款；处置单位将把车辆转给次高出价人或重新上拍。</p>
            </div>
          }
        />
      )}
      <Descriptions
        small
        columns={2}
        labelWidth={110}
        items={[
          { label: '签约期限', children: `成交后 ${t.signHours} 小时内` },
          { label: '付款期限', children: `成交后 ${t.payHours} 小时内` },
          { label: '提车期限', children: `付清后 ${t.pickupDays} 天内` },
          { label: '过户期限', children: `交车后 ${t.transferDays} 天内` },
          {
            label: '买方服务费',
            children: `成交价的 ${t.buyerFeeRatePercent}%（最低 ${yuanText(t.buyerFeeMin)}，最高 ${yuanText(t.buyerFeeMax)}）`,
          },
          { label: '逾期存放费', children: `每天 ${yuanText(t.storageFeePerDay)}` },
        ]}
      />
      {!d && (
        <p className="muted deal-default-rule">
          未在期限内签署确认书或付清款项，视为悔拍：保证金不予退还（{t.forfeitSellerSharePercent}%
          归处置单位，其余归平台），并记违约一次；累计 {deals.STRIKES_TO_BAR}{' '}
          次违约将暂停报名资格。处置单位可将车辆按次高出价转给下一位竞买人，或重新上拍。
        </p>
      )}
    </section>
  );
}
