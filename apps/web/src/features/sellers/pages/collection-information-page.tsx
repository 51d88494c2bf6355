import { sellers, type EndpointOutput } from '@chepai/shared';
import { useEffect, useState, type CSSProperties, type InputHTMLAttributes } from 'react';
import { useFeedback } from '../../../components/feedback';
import { Descriptions } from '../../../components/plain/descriptions';
import { Field, SubmitButton } from '../../../components/plain/field';
import { Notice } from '../../../components/plain/notice';
import { CodeInput } from '../../../components/plain/send-code-button';
import { Table, type Column } from '../../../components/plain/table';
import { usePlainForm, usePlainSubmit, type Rules } from '../../../components/plain/use-plain-form';
import { QueryState } from '../../../components/query-state';
import { zodProblem } from '../../../lib/zod-rules';
import { useCollection, useCollectionHistory, useSellerActions } from '../api/seller-api';
import '../sellers.css';

const schema = sellers.collectionSaveInput;
const initial = { accountName: '', bankName: '', branchName: '', accountNo: '', bankCode: '', code: '' };
type Values = typeof initial;
const rules = Object.fromEntries(
  Object.keys(initial).map((f) => [f, zodProblem(schema, f)]),
) as Rules<Values>;
const LABEL: CSSProperties = { '--label-width': '120px' } as CSSProperties;

type Change = EndpointOutput<typeof sellers.collectionHistory>[number];
const HISTORY: Array<Column<Change>> = [
  { title: '变更时间', key: 'changedAt', className: 'nowrap', render: (r) => r.changedAt },
  { title: '操作人', key: 'changedBy', className: 'nowrap', render: (r) => r.changedBy },
  { title: '开户支行', key: 'branchName', wide: true, render: (r) => r.branchName },
  { title: '银行账号', key: 'accountNo', className: 'nowrap', render: (r) => r.accountNo },
];

/**
 * 收款信息: the account the unit is paid into. Shown masked; changing it needs the unit's own name
 * and a code sent to the seller's phone; every change is kept. A plain form
 * (docs/decisions/056-account-pages-without-antd.md).
 */
export default function CollectionInformationPage() {
  const query = useCollection();
  const history = useCollectionHistory();
  const { saveCollection, sendCollectionCode } = useSellerActions();
  const { message } = useFeedback();
  const form = usePlainForm(initial, rules);
  const { reset } = form;
  const [editing, setEditing] = useState(false);
  const data = query.data;
  const account = data?.account ?? null;

  useEffect(() => {
    if (!data) return;
    reset({
      accountName: data.businessUnitName,
      ...(account
        ? { bankName: account.bankName, branchName: account.branchName, bankCode: account.bankCode }
        : {}),
    });
  }, [data, account, reset]);

  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(),
    async () => {
      await saveCollection(schema.parse(form.values));
      void message.success('收款信息已保存');
      reset({ accountNo: '', code: '' });
      setEditing(false);
    },
  );

  const text = (
    name: keyof Values,
    label: string,
    attrs: InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => (
    <Field form={form} name={name} label={label} required hint={hint}>
      {(input) => <input {...input} {...attrs} className="plain-input" />}
    </Field>
  );

  return (
    <div className="center-body">
      <div className="center-title">收款信息</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <Notice
          type="info"
          className="form-notice"
          message={`成交款项将支付至${data?.businessUnitName ?? '本单位'}的以下账户。账户名称须与单位名称一致；修改时需验证手机号，每次修改均留存记录。`}
        />
        {account && !editing ? (
          <>
            <Descriptions
              labelWidth={160}
              data-testid="collection-account"
              items={[
                { label: '账户名称', children: account.accountName },
                { label: '开户银行', children: account.bankName },
                { label: '开户支行', children: account.branchName },
                { label: '银行账号', children: account.accountNo },
                { label: '联行号', children: account.bankCode },
                { label: '更新时间', children: account.updatedAt },
              ]}
            />
            <button
              type="button"
              className="btn btn-primary collection-edit"
              onClick={() => setEditing(true)}
            >
              修改收款信息
            </button>
          </>
        ) : (
          <form
            className="seller-form plain-form-horizontal"
            style={LABEL}
            noValidate
            onSubmit={onSubmit}
            data-testid="collection-form"
          >
            {text('accountName', '账户名称', { maxLength: 100 }, '须与处置单位名称一致')}
            {text('bankName', '开户银行', { maxLength: 50, placeholder: '如 中国建设银行' })}
            {text('branchName', '开户支行', { maxLength: 100, placeholder: '如 中国建设银行苏州分行营业部' })}
            {text('accountNo', '银行账号', {
              maxLength: 40,
              inputMode: 'numeric',
              placeholder: account ? `当前 ${account.accountNo}，请完整输入新账号` : '',
            })}
            {text('bankCode', '联行号', { maxLength: 12, inputMode: 'numeric' }, '12位数字，可向开户行查询')}
            <Field
              form={form}
              name="code"
              label="验证码"
              required
              hint={data?.tel ? `验证码将发送至 ${data.tel}` : undefined}
            >
              {(input) => <CodeInput input={input} onSend={sendCollectionCode} />}
            </Field>
            <div className="form-actions">
              <SubmitButton busy={busy}>保存</SubmitButton>
              {account ? (
                <button
                  type="button"
                  className="btn btn-large collection-cancel"
                  onClick={() => setEditing(false)}
                >
                  取消
                </button>
              ) : null}
            </div>
          </form>
        )}
        <div className="history-title">变更记录</div>
        <Table
          columns={HISTORY}
          rows={history.data ?? []}
          rowKey={(r) => `${r.changedAt}-${r.accountNo}`}
          loading={history.isLoading}
          empty="暂无变更记录"
        />
      </QueryState>
    </div>
  );
}
