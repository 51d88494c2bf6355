import type { deals } from '@chepai/shared';
import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useChooseAfterDefault } from '../../../api/deal-queries';
import { beijing, yuanText } from '../../../components/lots/format';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

/** The seller's hint when nobody is left to offer the lot to (the server's 409 says the same). */
const NO_RUNNER_UP =
  '没有可接受二次机会的竞买人（其余出价人已违约、已收到过邀请或正被禁止报名），如需继续处置请重新上拍。';

const RESOLUTION = {
  none: '待处置单位选择',
  secondChance: '已转次高出价人',
  relisted: '已重新上拍',
} as const;

/**
 * After the buyer defaulted: the forfeited deposit and the unit's share, and the unit's choice —
 * offer the lot to the next-highest bidder at their last bid, or put it back in the review queue.
 */
export function DefaultChoice({ orderId, info }: { orderId: string; info: deals.DefaultInfo }) {
  const { message } = useFeedback();
  const choose = useChooseAfterDefault(orderId);
  const act = (action: 'secondChance' | 'relist') =>
    mutateThen(
      choose,
      action,
      () =>
        void message.success(
          action === 'relist' ? '已重新提交审核，审核通过后再次上拍' : '已向次高出价人发出邀请',
        ),
    );
  return (
    <div className="seller-default" data-testid="seller-default">
      <Alert
        type="warning"
        showIcon
        message={`${info.reasonText}（${beijing(info.at)}）· ${RESOLUTION[info.resolution]}`}
        description={`买受人保证金 ${yuanText(info.forfeited)} 已扣除，其中 ${yuanText(info.sellerShare)} 归本单位，${yuanText(info.platformShare)} 归平台。`}
      />
      {info.offers.length > 0 && (
        <Table<deals.SecondChanceOffer>
          className="seller-default-offers"
          rowKey="offerId"
          size="small"
          pagination={false}
          dataSource={info.offers}
          scroll={{ x: 560 }}
          // The status next to the bidder and the price: on a phone the later columns scroll out of view.
          columns={[
            { title: '竞买号', dataIndex: 'bidderNo', className: 'nowrap' },
            { title: '出价', dataIndex: 'price', className: 'nowrap', render: (v: string) => yuanText(v) },
            {
              title: '状态',
              dataIndex: 'statusText',
              className: 'nowrap',
              render: (v: string, r) => (
                <Tag
                  color={r.status === 'accepted' ? 'green' : r.status === 'pending' ? 'orange' : 'default'}
                >
                  {v}
                </Tag>
              ),
            },
            {
              title: '确认截止',
              dataIndex: 'expiresAt',
              className: 'nowrap',
              render: (v: number) => beijing(v),
            },
            {
              title: '发出时间',
              dataIndex: 'offeredAt',
              className: 'nowrap',
              render: (v: number) => beijing(v),
            },
          ]}
        />
      )}
      {info.relistedOrderId && <p className="muted">重新上拍的拍品编号：{info.relistedOrderId}</p>}
      {info.canRelist && !info.canOfferSecondChance && (
        <Alert className="seller-default-none" type="info" showIcon message={NO_RUNNER_UP} />
      )}
      {(info.canOfferSecondChance || info.canRelist) && (
        <div className="order-detail-actions seller-deal-actions">
          {info.canOfferSecondChance && (
            <Popconfirm
              title="按次高出价人的最后出价向其发出成交邀请？"
              okText="发出邀请"
              cancelText="取消"
              onConfirm={() => act('secondChance')}
            >
              <Button type="primary" loading={choose.isPending && choose.variables === 'secondChance'}>
                转给次高出价人
              </Button>
            </Popconfirm>
          )}
          {info.canRelist && (
            <Popconfirm
              title="以原照片和资料重新提交审核，审核通过后再次上拍？"
              okText="重新上拍"
              cancelText="取消"
              onConfirm={() => act('relist')}
            >
              <Button loading={choose.isPending && choose.variables === 'relist'}>重新上拍</Button>
            </Popconfirm>
          )}
        </div>
      )}
    </div>
  );
}
