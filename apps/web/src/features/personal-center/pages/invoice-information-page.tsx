import type { CSSProperties } from 'react';
import { accounts } from '@chepai/shared';
import { Alert, Button, Form, Input } from 'antd';
import { QueryState } from '../../../components/query-state';
import { useEffect, useState } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { useInvoice, useProfileActions, useUserInfo } from '../api/profile-api';
import '../personal-center.css';
import { RadioGroupField } from '../../../components/radio-group-field';
import { useFeedback } from '../../../components/feedback';

const schema = accounts.invoiceForm;
const rule = (f: string) => [zodRule(schema, f)];

/** 发票信息: title, tax number, address, phone, bank and account; ordinary or special VAT invoice. */
export default function InvoiceInformationPage() {
  const query = useInvoice();
  const user = useUserInfo();
  const { saveInvoice } = useProfileActions();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const invoiceType = Form.useWatch('invoiceType', form) as string | undefined;
  const titleType = Form.useWatch('titleType', form) as string | undefined;
  const special = invoiceType === 'special';
  const company = titleType === 'company';

  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [query.data, form]);
  // Nothing saved yet: start from the account's own name (company bidders: the company).
  useEffect(() => {
    if (query.isSuccess && !query.data && user.data && !form.isFieldTouched('title')) {
      const u = user.data;
      form.setFieldsValue(
        u.bidderType === 'company'
          ? { titleType: 'company', title: u.companyName ?? '', taxNo: u.creditCode ?? '' }
          : { titleType: 'personal', title: u.realName },
      );
    }
  }, [query.isSuccess, query.data, user.data, form]);
  useEffect(() => {
    if (special && titleType !== 'company') form.setFieldValue('titleType', 'company');
  }, [special, titleType, form]);

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
            message={
              query.data
                ? `上次保存于 ${query.data.updatedAt}。成交后平台按此信息开具服务费发票。`
                : '尚未填写发票信息。成交后平台按此信息开具服务费发票。'
            }
          />
          <Form
            form={form}
            className="invoice-form"
            labelCol={{ flex: '120px' }}
            wrapperCol={{ flex: 1 }}
            initialValues={{ invoiceType: 'ordinary', titleType: 'personal' }}
            onFinish={(v: Record<string, unknown>) => void submit(v)}
            data-testid="invoice-form"
          >
            <Form.Item name="invoiceType" label="发票类型" required>
              <RadioGroupField
                options={Object.entries(accounts.INVOICE_TYPES).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item
              name="titleType"
              label="抬头类型"
              required
              rules={rule('titleType')}
              dependencies={['invoiceType']}
            >
              <RadioGroupField
                options={Object.entries(accounts.TITLE_TYPES).map(([value, label]) => ({
                  value,
                  label,
                  disabled: special && value === 'personal',
                }))}
              />
            </Form.Item>
            <Form.Item name="title" label="发票抬头" required rules={rule('title')}>
              <Input placeholder={company ? '单位全称，与税务登记一致' : '个人姓名'} maxLength={100} />
            </Form.Item>
            {company ? (
              <Form.Item
                name="taxNo"
                label="纳税人识别号"
                required
                rules={rule('taxNo')}
                extra="一般为18位统一社会信用代码"
              >
                <Input placeholder="请输入纳税人识别号" maxLength={20} />
              </Form.Item>
            ) : null}
            {company ? (
              <>
                <Form.Item
                  name="address"
                  label="注册地址"
                  required={special}
                  rules={rule('address')}
                  dependencies={['invoiceType']}
                >
                  <Input placeholder={special ? '请输入注册地址' : '选填'} maxLength={100} />
                </Form.Item>
                <Form.Item
                  name="phone"
                  label="注册电话"
                  required={special}
                  rules={rule('phone')}
                  dependencies={['invoiceType']}
                >
                  <Input placeholder={special ? '如 021-12345678' : '选填，如 021-12345678'} maxLength={20} />
                </Form.Item>
                <Form.Item
                  name="bankName"
                  label="开户银行"
                  required={special}
                  rules={rule('bankName')}
                  dependencies={['invoiceType']}
                >
                  <Input placeholder={special ? '请输入开户银行' : '选填'} maxLength={50} />
                </Form.Item>
                <Form.Item
                  name="bankAccount"
                  label="银行账号"
                  required={special}
                  rules={rule('bankAccount')}
                  dependencies={['invoiceType']}
                >
                  <Input placeholder={special ? '请输入银行账号' : '选填'} maxLength={40} />
                </Form.Item>
              </>
            ) : null}
            <Form.Item
              wrapperCol={{ offset: 0 }}
              className="form-actions"
              style={{ '--label-width': '120px' } as CSSProperties}
            >
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
