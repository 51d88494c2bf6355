import type { LotDetail } from '@chepai/shared/contracts/lots';
import { Link, useLocation } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useServerNow } from '../../../lib/server-clock';
import { useSession } from '../../../lib/use-session';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { Notice } from '../../../components/plain/notice';
import type { MyState } from './bid-panel';

/** The bid panel (antd's InputNumber, Checkbox, Modal) loads only when a buyer can bid. */
const BidPanel = lazyWithAntd(
  async () => ({ default: (await import('./bid-panel')).BidPanel }),
  <div className="bid-panel-loading" aria-busy="true" />,
);

/** The call to action by phase and by who is looking: log in, pay the deposit, bid, or the result. */
export function BidAction({ lot, myState }: { lot: LotDetail; myState: MyState }) {
  const user = useSession();
  const location = useLocation();
  const now = useServerNow(1000);
  const isBuyer = user?.role === 'buyer';
  const open = lot.status === 2 || lot.status === 3 || lot.status === 4;
  const { registered, bidderNo } = lot;

  if (lot.status === 0) {
    return (
      <button type="button" className="btn btn-large btn-block" disabled>
        报名未开始（{beijing(lot.regStartTime, 'short')} 开始报名）
      </button>
    );
  }
  if (lot.status >= 5) {
    const won = lot.status === 5 && lot.leading;
    return (
      <div className="bid-result" data-testid="bid-result">
        {won ? (
          <Notice
            type="success"
            message={`已成交 — 恭喜您竞得，成交价 ${yuanText(lot.currentPrice)}`}
            description={
              <>
                请在 24 小时内签署成交确认书、72 小时内付清余款和服务费，保证金已自动抵扣。
                <Link to={`/buyerDetailInfo/${lot.orderId}`}>办理成交手续</Link>
              </>
            }
          />
        ) : (
          <Notice
            type="info"
            message={
              lot.status === 5
                ? `竞价结束 · 已成交 ${yuanText(lot.currentPrice)}`
                : lot.status === 6
                  ? '已流拍'
                  : '已撤拍'
            }
            description={registered || bidderNo ? '您未竞得该车辆，保证金将原路退还。' : undefined}
          />
        )}
      </div>
    );
  }
  if (!open) return null;
  if (!user) {
    return (
      <Link
        className="btn btn-large btn-block btn-primary"
        to={`/login?redirect=${encodeURIComponent(location.pathname)}`}
      >
        登录后报名
      </Link>
    );
  }
  if (!isBuyer)
    return (
      <button type="button" className="btn btn-large btn-block" disabled>
        仅竞买人可报名出价
      </button>
    );
  if (!registered) {
    return (
      <Link className="btn btn-large btn-block btn-primary" to={`/promiseMoneyReport/${lot.orderId}`}>
        交纳保证金 {yuanText(lot.deposit)} 报名
      </Link>
    );
  }
  const biddingOpen = lot.status === 3 || lot.status === 4 || now >= lot.startTime;
  return (
    <div>
      <div className="bid-registered" data-testid="registered">
        已报名 · 竞买号 <strong>{bidderNo ?? '……'}</strong>
      </div>
      {biddingOpen && now < lot.endTime ? (
        <BidPanel lot={lot} myState={myState} />
      ) : (
        <Notice
          type="info"
          message={
            now >= lot.endTime ? '竞价结束，结果确认中…' : `竞价将于 ${beijing(lot.startTime, 'full')} 开始`
          }
        />
      )}
    </div>
  );
}
