import type { LotDetail } from '@chepai/shared/contracts/lots';
import { Alert, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useServerNow } from '../../../lib/server-clock';
import { useSession } from '../../../lib/use-session';
import { BidPanel, type MyState } from './bid-panel';

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
      <Button size="large" block disabled>
        报名未开始（{beijing(lot.regStartTime, 'short')} 开始报名）
      </Button>
    );
  }
  if (lot.status >= 5) {
    const won = lot.status === 5 && lot.leading;
    return (
      <div className="bid-result" data-testid="bid-result">
        {won ? (
          <Alert
            type="success"
            showIcon
            message={`已成交 — 恭喜您竞得，成交价 ${yuanText(lot.currentPrice)}`}
            description={
              <>
                请在 24 小时内签署成交确认书、72 小时内付清余款和服务费，保证金已自动抵扣。
                <Link to={`/buyerDetailInfo/${lot.orderId}`}>办理成交手续</Link>
              </>
            }
          />
        ) : (
          <Alert
            type="info"
            showIcon
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
      <Link to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
        <Button size="large" type="primary" block>
          登录后报名
        </Button>
      </Link>
    );
  }
  if (!isBuyer)
    return (
      <Button size="large" block disabled>
        仅竞买人可报名出价
      </Button>
    );
  if (!registered) {
    return (
      <Link to={`/promiseMoneyReport/${lot.orderId}`}>
        <Button size="large" type="primary" block>
          交纳保证金 {yuanText(lot.deposit)} 报名
        </Button>
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
        <Alert
          type="info"
          message={
            now >= lot.endTime ? '竞价结束，结果确认中…' : `竞价将于 ${beijing(lot.startTime, 'full')} 开始`
          }
        />
      )}
    </div>
  );
}
