import { deals, files } from '@chepai/shared';
import { Button, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { UploadItem } from '../upload-field';
import { useAction } from '../use-action';

type Values = { newPlateNo: string; transferDate: Dayjs };
// The contract's own rule for the plate, so the form says what the server would.
const plateRule = deals.consoleRecordTransfer.input.shape.newPlateNo;

/**
 * 登记过户 for an operator (reviewers and admins): the new plate, the date and the new registration
 * certificate or 行驶证 (uploaded as the operator's private document). 待过户 → 已完成, audited.
 */
export function TransferForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction(onDone);
  const [proof, setProof] = useState<files.UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const submit = (v: Values) => {
    if (!proof) {
      setUploadError('请上传过户证明');
      return;
    }
    void run(
      'transfer',
      () =>
        consoleCall(deals.consoleRecordTransfer, {
          orderId,
          newPlateNo: v.newPlateNo,
          transferDate: v.transferDate.format('YYYY-MM-DD'),
          proofFileId: proof.id,
        }),
      '已登记过户，成交已完成',
    );
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      data-testid="transfer-form"
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        name="newPlateNo"
        label="过户后号牌号码"
        rules={[
          {
            validator: async (_, v: string | undefined) => {
              const r = plateRule.safeParse(v || undefined);
              if (!r.success) throw new Error(r.error.issues[0]?.message ?? '号牌号码格式不正确');
            },
          },
        ]}
      >
        <Input placeholder="如 沪A12345" maxLength={8} />
      </Form.Item>
      <Form.Item name="transferDate" label="过户日期" rules={[{ required: true, message: '请选择过户日期' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <UploadItem
        label="过户证明（新登记证书或行驶证，PDF或图片，不超过10M）"
        accept={files.ACCEPT.document}
        value={proof}
        onChange={setProof}
        error={uploadError}
        onError={setUploadError}
      />
      <Button type="primary" htmlType="submit" loading={busy === 'transfer'}>
        登记过户
      </Button>
    </Form>
  );
}
