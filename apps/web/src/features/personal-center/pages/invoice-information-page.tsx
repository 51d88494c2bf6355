import { accounts } from '@chepai/shared';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useFeedback } from '../../../components/feedback';
import { ChoiceField, Field, SubmitButton } from '../../../components/plain/field';
import { Notice } from '../../../components/plain/notice';
import { usePlainForm, usePlainSubmit, type Rules } from '../../../components/plain/use-plain-form';
import { QueryState } from '../../../components/query-state';
import { zodProblem } from '../../../lib/zod-rules';
import { useInvoice, useProfileActions, useUserInfo } from '../api/profile-api';
import '../personal-center.css';

const schema = accounts.invoiceForm;
const initial = {
  invoiceType: 'ordinary',
  titleType: 'personal',
  title: '',
  taxNo: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
};
type Values = typeof initial;
const FIELDS = Object.keys(initial) as Array<keyof Values>;
const PERSONAL: Array<keyof Values> = ['invoiceType', 'titleType', 'title'];
const NO_UNIT = { taxNo: '', address: '', phone: '', bankName: '', bankAccount: '' };
/** Every field is checked by the server's schema; in the order of the page, for the focus. */
const rules = Object.fromEntries(FIELDS.map((f) => [f, zodProblem(schema, f)])) as Rules<Values>;
const INVOICE_TYPES = Object.entries(accounts.INVOICE_TYPES).map(([value, label]) => ({ value, label }));
const LABEL: CSSProperties = { '--label-width': '120px' } as CSSProperties;

/**
 * 发票信息: title, tax number, address, phone, bank and account; ordinary or special VAT invoice.
 * A plain form (docs/decisions/056-account-pages-without-antd.md).
 */
export default function InvoiceInformationPage() {
  const query = useInvoice();
  const user = useUserInfo();
  const { saveInvoice } = useProfileActions();
  const { message } = useFeedback();
  const form = usePlainForm(initial, rules);
  const special = form.values.invoiceType === 'special';
  const company = form.values.titleType === 'company';
  const started = useRef(false);
  const { reset, set } = form;

  useEffect(() => {
    if (!query.data) return;
    const { invoiceType, titleType, title, taxNo, address, phone, bankName, bankAccount } = query.data;
    reset({ invoiceType, titleType, title, taxNo, address, phone, bankName, bankAccount });
  }, [query.data, reset]);
  // Nothing saved yet: start from the account's own name (company bidders: the company), once.
  useEffect(() => {
    if (started.current || !query.isSuccess || query.data || !user.data) return;
    started.current = true;
    const u = user.data;
    reset(
      u.bidderType === 'company'
        ? { titleType: 'company', title: u.companyName ?? '', taxNo: u.creditCode ?? '' }
        : { titleType: 'personal', title: u.realName },
    );
  }, [query.isSuccess, query.data, user.data, reset]);
  // A special VAT invoice goes to a unit only.
  useEffect(() => {
    if (special && !company) set('titleType', 'company');
  }, [special, company, set]);

  // A personal title has no unit fields on the page: they are neither checked nor kept.
  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(company ? FIELDS : PERSONAL),
    async () => {
      await saveInvoice(schema.parse(company ? form.values : { ...form.values, ...NO_UNIT }));
      void message.success('发票信息已保存');
    },
  );

  const optional = (name: keyof Values, label: string, placeholder: string, maxLength: number) => (
    <Field form={form} name={name} label={label} required={special}>
      {(input) => (
        <input
          {...input}
          className="plain-input"
          placeholder={
            special ? placeholder : `选填${placeholder.startsWith('如') ? `，${placeholder}` : ''}`
          }
          maxLength={maxLength}
        />
      )}
    </Field>
  );

  return (
    <div className="center-body">
      <div className="center-title">发票信息</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <Notice
          type="info"
          className="form-notice"
          message={
            query.data
              ? `上次保存于 ${query.data.updatedAt}。成交后平台按此信息开具服务费发票。`
              : '尚未填写发票信息。成交后平台按此信息开具服务费发票。'
          }
        />
        <form
          className="invoice-form plain-form-horizontal"
          style={LABEL}
          noValidate
          onSubmit={onSubmit}
          data-testid="invoice-form"
        >
          <ChoiceField form={form} name="invoiceType" label="发票类型" options={INVOICE_TYPES} />
          <ChoiceField
            form={form}
            name="titleType"
            label="抬头类型"
            options={Object.entries(accounts.TITLE_TYPES).map(([value, label]) => ({
              value,
              label,
              disabled: special && value === 'personal',
            }))}
          />
          <Field form={form} name="title" label="发票抬头" required>
            {(input) => (
              <input
                {...input}
                className="plain-input"
                placeholder={company ? '单位全称，与税务登记一致' : '个人姓名'}
                maxLength={100}
              />
            )}
          </Field>
          {company ? (
            <>
              <Field form={form} name="taxNo" label="纳税人识别号" required hint="一般为18位统一社会信用代码">
                {(input) => (
                  <input {...input} className="plain-input" placeholder="请输入纳税人识别号" maxLength={20} />
                )}
              </Field>
              {optional('address', '注册地址', '请输入注册地址', 100)}
              {optional('phone', '注册电话', '如 021-12345678', 20)}
              {optional('bankName', '开户银行', '请输入开户银行', 50)}
              {optional('bankAccount', '银行账号', '请输入银行账号', 40)}
            </>
          ) : null}
          <div className="form-actions">
            <SubmitButton busy={busy}>保存</SubmitButton>
          </div>
        </form>
      </QueryState>
    </div>
  );
}
