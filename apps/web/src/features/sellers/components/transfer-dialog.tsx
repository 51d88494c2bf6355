import type { files } from '@chepai/shared';
import { Button, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useRecordTransfer } from '../../../api/deal-queries';
import { FileUpload, requiredUploadRule, useUploadsBusy } from '../../../components/upload';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

interface TransferForm {
  newPlateNo: string;
  transferDate: Dayjs;
  proof: files.UploadedFile[];
}

/** 登记过户: the new plate, the date and a scan of the new registration; the deal is then complete. */
export function TransferDialog({
  orderId,
  handedOverAt,
  now,
}: {
  orderId: string;
  handedOverAt: number;
  now: number;
}) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TransferForm>();
  const record = useRecordTransfer(orderId);
  const uploads = useUploadsBusy();
  const submit = (v: TransferForm) =>
    mutateThen(
      record,
      {
        newPlateNo: v.newPlateNo,
        transferDate: v.transferDate.format('YYYY-MM-DD'),
        proofFileId: v.proof[0]?.id ?? '',
      },
      () => {
        setOpen(false);
        void message.success('过户已登记，交易完成');
      },
    );
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        登记过户
      </Button>
      <Modal
        open={open}
        title="登记过户"
        okText="确认登记"
        cancelText="取消"
        okButtonProps={{ loading: record.isPending, disabled: uploads.busy }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>车辆已办理转移登记后填写，并上传新的机动车登记证书或行驶证。登记后交易完成。</p>
        <uploads.Track>
          <Form<TransferForm> form={form} layout="vertical" onFinish={submit} initialValues={{ proof: [] }}>
            <Form.Item
              name="newPlateNo"
              label="过户后号牌号码"
              rules={[
                { required: true, message: '请填写过户后的号牌号码' },
                {
                  pattern: /^[\u4e00-\u9fa5][A-Za-z][A-Za-z0-9]{5,6}$/,
                  message: '号牌号码格式不正确（如 京A12345）',
                },
              ]}
            >
              <Input maxLength={8} placeholder="如 京A12345" />
            </Form.Item>
            <Form.Item
              name="transferDate"
              label="过户日期"
              rules={[{ required: true, message: '请选择过户日期' }]}
            >
              <DatePicker
                className="full-width"
                disabledDate={(d) =>
                  d.isAfter(dayjs(now).endOf('day')) || d.isBefore(dayjs(handedOverAt).startOf('day'))
                }
              />
            </Form.Item>
            <Form.Item name="proof" label="登记证书或行驶证" required rules={[requiredUploadRule]}>
              <FileUpload type="document" isPrivate maxCount={1} />
            </Form.Item>
          </Form>
        </uploads.Track>
      </Modal>
    </>
  );
}
