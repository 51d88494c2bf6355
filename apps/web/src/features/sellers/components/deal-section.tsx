import { deals } from '@chepai/shared';
import { Alert, Button, DatePicker, Descriptions, Form, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useConfirmReceipt, useSellerDeal } from '../../../api/deal-queries';
import { DealAmounts, DealProgress, DeadlineText } from '../../../components/deals/deal-progress';
import { DealStageTag } from '../../../components/deals/deal-stage-tag';
import { beijing } from '../../../components/lots/format';
import { useServerNow } from '../../../lib/server-clock';
import { useFeedback } from '../../../components/feedback';
import { DefaultChoice } from './default-choice';
import { SettlementCard } from './settlement-card';
import { TransferDialog } from './transfer-dialog';
import { mutateThen } from '../../../lib/mutate-then';

const SELLER_NEXT: Record<deals.DealStage, string> = {
  signing: '等待买受人签署成交确认书。',
  paying: '买受人已签署，等待其付清余款和服务费；付清前请勿交车。',
  pickup: '买受人已付清全部款项。请按约定交车，交车后在此确认。',
  transfer: '已交车，等待办理过户。',
  done: '交易已完成。',
  defaulted: '买受人未在期限内签约或付款，已按悔拍处理，保证金已扣除。',
};

/** The deal after the hammer as the selling unit sees it: stages, money, the buyer, the handover. */
export default function DealSection({ orderId }: { orderId: string }) {
  const { message } = useFeedback();
  const { data: deal } = useSellerDeal(orderId, true);
  const now = useServerNow(1000);
  const confirm = useConfirmReceipt(orderId);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ at: Dayjs; mileageKm: number }>();
  if (!deal) return null;
  const submit = (v: { at: Dayjs; mileageKm: number }) =>
    mutateThen(confirm, { handoverTime: v.at.valueOf(), mileageKm: v.mileageKm }, () => {
      setOpen(false);
      void message.success('已确认交车');
    });
  const plan = deal.pickupPlan;
  return (
    <section className="seller-deal" data-testid="seller-deal">
      <h2 className="order-detail-h2">
        成交办理 <DealStageTag stage={deal.stage} text={deal.stageText} />
      </h2>
      <DealProgress deal={deal} />
      <Alert
        className="order-detail-alert"
        type={deal.stage === 'defaulted' ? 'warning' : 'info'}
        showIcon
        message={SELLER_NEXT[deal.stage]}
        description={deal.deadline ? <DeadlineText deadline={deal.deadline} now={now} /> : undefined}
      />
      <div className="seller-deal-grid">
        <DealAmounts deal={deal} />
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'buyer', label: '买受人', children: deal.buyer.name },
            { key: 'tel', label: '联系电话', children: deal.buyer.tel || '—' },
            {
              key: 'contract',
              label: '成交确认书',
              children: deal.contract.signedAt
                ? `已签署 ${beijing(deal.contract.signedAt)}`
                : deal.paperContract
                  ? `纸质签署件${deal.paperContract.statusText}`
                  : '未签署',
            },
            {
              key: 'pickup',
              label: '提车安排',
              children: plan
                ? `${plan.pickupDate} ${deals.PICKUP_SLOTS[plan.slot]} · ${
                    plan.collector === 'self'
                      ? '本人提车'
                      : `代提：${plan.agentName ?? ''} ${plan.agentTel ?? ''}`
                  } · ${deals.TRANSFER_KINDS[plan.transfer]}`
                : '买受人尚未安排',
            },
            {
              key: 'handover',
              label: '交车',
              children: deal.handover
                ? `${beijing(deal.handover.at)} · 表显 ${deal.handover.mileageKm.toLocaleString('zh-CN')} 公里`
                : '未交车',
            },
            ...(deal.transfer
              ? [
                  {
                    key: 'transfer',
                    label: '过户',
                    children: `${deal.transfer.newPlateNo} · ${deal.transfer.transferDate}`,
                  },
                ]
              : []),
          ]}
        />
      </div>
      {deal.stage !== 'defaulted' && (
        <SettlementCard orderId={orderId} stage={deal.stage} paidInFull={deal.balancePaid && deal.feePaid} />
      )}
      {deal.defaultInfo && <DefaultChoice orderId={orderId} info={deal.defaultInfo} />}
      {deal.stage === 'transfer' && deal.handover && (
        <div className="order-detail-actions seller-deal-actions">
          <TransferDialog orderId={orderId} handedOverAt={deal.handover.at} now={now} />
        </div>
      )}
      {deal.stage === 'pickup' && (
        <div className="order-detail-actions seller-deal-actions">
          <Button type="primary" onClick={() => setOpen(true)}>
            确认交车
          </Button>
        </div>
      )}
      <Modal
        open={open}
        title="确认交车"
        okText="确认已交车"
        cancelText="取消"
        okButtonProps={{ loading: confirm.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>
          请在买受人（或其委托的代提车人）已提走车辆、钥匙和登记证书、行驶证等随车手续后确认。确认后进入过户阶段。
        </p>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ at: dayjs(now) }}>
          <Form.Item name="at" label="交车时间" rules={[{ required: true, message: '请选择交车时间' }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              className="full-width"
              disabledDate={(d) =>
                d.isAfter(dayjs(now).endOf('day')) || d.isBefore(dayjs(deal.closedAt).startOf('day'))
              }
            />
          </Form.Item>
          <Form.Item
            name="mileageKm"
            label="交车时表显里程（公里）"
            rules={[{ required: true, message: '请输入交车时的表显里程' }]}
          >
            <InputNumber min={0} max={2_000_000} precision={0} className="full-width" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
