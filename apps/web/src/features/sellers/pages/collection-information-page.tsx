import { sellers } from '@chepai/shared';
import { Alert, Button, Descriptions, Form, Input, Table } from 'antd';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { SendCodeButton } from '../../../components/send-code-button';
import { zodRule } from '../../../lib/zod-rules';
import { useCollection, useCollectionHistory, useSellerActions } from '../api/seller-api';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';

const schema = sellers.collectionSaveInput;
const rule = (f: string) => [zodRule(schema, f)];

/**
 * 收款信息: the account the unit is paid into. Shown masked; changing it needs the unit's own name
 * and a code sent to the seller's phone; every change is kept.
 */
export default function CollectionInformationPage() {
  const query = useCollection();
  const history = useCollectionHistory();
  const { saveCollection, sendCollectionCode } = useSellerActions();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = query.data;
  const account = data?.account ?? null;

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      accountName: data.businessUnitName,
      ...(account
        ? { bankName: account.bankName, branchName: account.branchName, bankCode: account.bankCode }
        : {}),
    });
  }, [data, account, form]);

  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await saveCollection(schema.parse(v));
      void message.success('收款信息已保存');
      form.resetFields(['accountNo', 'code']);
      setEditing(false);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="center-body">
      <div className="center-title">收款信息</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 24 }}
            message={`成交款项将支付至${data?.businessUnitName ?? '本单位'}的以下账户。账户名称须与单位名称一致；修改时需验证手机号，每次修改均留存记录。`}
          />
          {account && !editing ? (
            <>
              <Descriptions
                column={1}
                bordered
                size="middle"
                labelStyle={{ width: 160 }}
                data-testid="collection-account"
              >
                <Descriptions.Item label="账户名称">{account.accountName}</Descriptions.Item>
                <Descriptions.Item label="开户银行">{account.bankName}</Descriptions.Item>
                <Descriptions.Item label="开户支行">{account.branchName}</Descriptions.Item>
                <Descriptions.Item label="银行账号">{account.accountNo}</Descriptions.Item>
                <Descriptions.Item label="联行号">{account.bankCode}</Descriptions.Item>
                <Descriptions.Item label="更新时间">{account.updatedAt}</Descriptions.Item>
              </Descriptions>
              <Button style={{ marginTop: 20 }} type="primary" onClick={() => setEditing(true)}>
                修改收款信息
              </Button>
            </>
          ) : (
            <Form
              form={form}
              className="seller-form"
              labelCol={{ flex: '120px' }}
              wrapperCol={{ flex: 1 }}
              onFinish={(v: Record<string, unknown>) => void submit(v)}
              data-testid="collection-form"
            >
              <Form.Item
                name="accountName"
                label="账户名称"
                rules={rule('accountName')}
                required
                extra="须与处置单位名称一致"
              >
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="bankName" label="开户银行" rules={rule('bankName')} required>
                <Input maxLength={50} placeholder="如 中国建设银行" />
              </Form.Item>
              <Form.Item name="branchName" label="开户支行" rules={rule('branchName')} required>
                <Input maxLength={100} placeholder="如 中国建设银行苏州分行营业部" />
              </Form.Item>
              <Form.Item name="accountNo" label="银行账号" rules={rule('accountNo')} required>
                <Input
                  maxLength={40}
                  inputMode="numeric"
                  placeholder={account ? `当前 ${account.accountNo}，请完整输入新账号` : ''}
                />
              </Form.Item>
              <Form.Item
                name="bankCode"
                label="联行号"
                rules={rule('bankCode')}
                required
                extra="12位数字，可向开户行查询"
              >
                <Input maxLength={12} inputMode="numeric" />
              </Form.Item>
              <Form.Item label="验证码" required extra={data?.tel ? `验证码将发送至 ${data.tel}` : undefined}>
                <div className="code-row">
                  <Form.Item name="code" rules={rule('code')} noStyle>
                    <Input
                      placeholder="请输入6位验证码"
                      maxLength={6}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                    />
                  </Form.Item>
                  <SendCodeButton onSend={sendCollectionCode} />
                </div>
              </Form.Item>
              <Form.Item label=" " colon={false}>
                <Button type="primary" htmlType="submit" loading={busy}>
                  保存
                </Button>
                {account ? (
                  <Button style={{ marginLeft: 12 }} onClick={() => setEditing(false)}>
                    取消
                  </Button>
                ) : null}
              </Form.Item>
            </Form>
          )}
          <div className="history-title">变更记录</div>
          <Table
            size="small"
            rowKey={(r) => `${r.changedAt}-${r.accountNo}`}
            loading={history.isLoading}
            dataSource={history.data ?? []}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: '暂无变更记录' }}
            columns={[
              { title: '变更时间', dataIndex: 'changedAt', width: 170 },
              { title: '操作人', dataIndex: 'changedBy', width: 90 },
              { title: '开户支行', dataIndex: 'branchName' },
              { title: '银行账号', dataIndex: 'accountNo', width: 180 },
            ]}
          />
        </>
      </QueryState>
    </div>
  );
}
