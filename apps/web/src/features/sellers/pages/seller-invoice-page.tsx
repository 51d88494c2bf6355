import { sellers } from '@chepai/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { zodRule } from '../../../lib/zod-rules';
import { useSellerActions, useSellerInfo, useSellerInvoice } from '../api/seller-api';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';

const schema = sellers.sellerInvoiceForm;
const rule = (f: string) => [zodRule(schema, f)];

/** 发票信息 (sellers): the unit's invoicing details, with the credit code checked as it is typed. */
export default function SellerInvoicePage() {
  const query = useSellerInvoice();
  const { saveInvoice } = useSellerActions();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const info = useSellerInfo();
  const data = query.data;
  const unit = info.data?.units.find((u) => u.businessUnitId === info.data?.current);

  useEffect(() => {
    if (data?.invoice) form.setFieldsValue(data.invoice);
    // Nothing saved yet: start from the unit's registered name, credit code and address.
    else if (data)
      form.setFieldsValue({
        title: data.businessUnitName,
        ...(unit ? { taxNo: unit.creditCode, address: unit.address } : {}),
      });
  }, [data, unit, form]);

  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await saveInvoice(schema.parse(v));
      void message.success('发票信息已保存');
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="center-body">
      <div className="center-title">发票信息</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 24 }}
            message={`${data?.businessUnitName ?? ''}的开票信息${data?.invoice ? `，上次保存于 ${data.invoice.updatedAt}` : '，尚未填写'}。平台按此信息开具服务费发票。`}
          />
          <Form
            form={form}
            className="seller-form"
            labelCol={{ flex: '140px' }}
            wrapperCol={{ flex: 1 }}
            onFinish={(v: Record<string, unknown>) => void submit(v)}
            data-testid="seller-invoice-form"
          >
            <Form.Item name="title" label="发票抬头" rules={rule('title')} required>
              <Input maxLength={100} placeholder="单位全称" />
            </Form.Item>
            <Form.Item name="taxNo" label="统一社会信用代码" rules={rule('taxNo')} required>
              <Input maxLength={18} placeholder="18位，含校验位" />
            </Form.Item>
            <Form.Item name="address" label="注册地址" rules={rule('address')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="phone" label="注册电话" rules={rule('phone')} required>
              <Input maxLength={20} placeholder="如 021-12345678" />
            </Form.Item>
            <Form.Item name="bankName" label="开户银行" rules={rule('bankName')} required>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="bankAccount" label="银行账号" rules={rule('bankAccount')} required>
              <Input maxLength={40} inputMode="numeric" />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存
              </Button>
            </Form.Item>
          </Form>
        </>
      </QueryState>
    </div>
  );
}
