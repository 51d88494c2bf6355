import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useCancelOrder } from '../api/order-api';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

/**
 * 撤回提交 / 申请撤拍: once the lot is announced a withdrawal needs a reason
 * (docs/product.md#14-disposal-and-review). antd's Modal, loaded when first opened (decision 057).
 */
export function WithdrawDialog({
  orderId,
  needsReason,
  open,
  onClose,
}: {
  orderId: string;
  needsReason: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const cancel = useCancelOrder();
  const [reason, setReason] = useState('');
  const withdraw = () =>
    mutateThen(cancel, { orderId, reason: reason.trim() }, () => {
      onClose();
      void message.success(needsReason ? '已撤拍，已缴保证金将原路退还' : '已撤回');
    });
  return (
    <Modal
      open={open}
      title={needsReason ? '申请撤拍' : '撤回提交'}
      okText={needsReason ? '确认撤拍' : '确认撤回'}
      okButtonProps={{
        danger: true,
        loading: cancel.isPending,
        disabled: needsReason && reason.trim().length < 2,
      }}
      onOk={withdraw}
      onCancel={onClose}
    >
      <p>
        {needsReason
          ? '拍品已公告，撤拍须说明原因；已缴纳保证金的竞买人将全额退还。竞价开始后不能撤拍。'
          : '撤回后订单不再审核，可重新提交。'}
      </p>
      <Input.TextArea
        rows={3}
        maxLength={200}
        placeholder={needsReason ? '撤拍原因（必填）' : '原因（选填）'}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
