import type { LotDetail } from '@chepai/shared/contracts/lots';
import { yuanText } from '../../../components/lots/format';

/** The rules a bidder agrees to, with this lot's numbers. */
export function AuctionRules({ lot }: { lot: LotDetail }) {
  return (
    <section className="panel lot-section" id="rules">
      <h2 className="panel-title">竞价规则</h2>
      <ol className="rules-list">
        <li>竞买人须实名注册，并在竞价结束前缴纳保证金 {yuanText(lot.deposit)}，方可出价。</li>
        <li>
          首次出价不得低于起拍价 {yuanText(lot.startPrice)}，之后每次出价须为当前价加上加价幅度{' '}
          {yuanText(lot.increment)} 的整数倍。
        </li>
        <li>
          竞价结束前 {lot.extendWindowMinutes} 分钟内有人出价，结束时间自动延长 {lot.extendStepMinutes}{' '}
          分钟（延时竞价），直至无人出价。
        </li>
        <li>{lot.hasReserve ? '本车设有保留价，最高出价未达保留价时流拍。' : '本车无保留价，价高者得。'}</li>
        <li>
          未成交的竞买人保证金在竞价结束后原路退还；成交者保证金抵扣车款，72小时内未付清车款视为悔拍，保证金不予退还。
        </li>
        <li>所有时间以平台服务器时间（北京时间）为准。</li>
      </ol>
    </section>
  );
}
