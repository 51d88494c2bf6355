import { sellers } from '@chepai/shared';
import { useEffect, type CSSProperties, type InputHTMLAttributes } from 'react';
import { useFeedback } from '../../../components/feedback';
import { Field, SubmitButton } from '../../../components/plain/field';
import { Notice } from '../../../components/plain/notice';
import { usePlainForm, usePlainSubmit, type Rules } from '../../../components/plain/use-plain-form';
import { QueryState } from '../../../components/query-state';
import { zodProblem } from '../../../lib/zod-rules';
import { useSellerActions, useSellerInfo, useSellerInvoice } from '../api/seller-api';
import '../sellers.css';

const schema = sellers.sellerInvoiceForm;
const initial = { title: '', taxNo: '', address: '', phone: '', bankName: '', bankAccount: '' };
type Values = typeof initial;
/** The page's fields in order: label and what the input takes. */
const FIELDS: Array<[keyof Values, string, InputHTMLAttributes<HTMLInputElement>]> = [
  ['title', '发票抬头', { maxLength: 100, placeholder: '单位全称' }],
  ['taxNo', '统一社会信用代码', { maxLength: 18, placeholder: '18位，含校验位' }],
  ['address', '注册地址', { maxLength: 100 }],
  ['phone', '注册电话', { maxLength: 20, placeholder: '如 021-12345678' }],
  ['bankName', '开户银行', { maxLength: 50 }],
  ['bankAccount', '银行账号', { maxLength: 40, inputMode: 'numeric' }],
];
const rules = Object.fromEntries(FIELDS.map(([f]) => [f, zodProblem(schema, f)])) as Rules<Values>;
const LABEL: CSSProperties = { '--label-width': '140px' } as CSSProperties;

/**
 * 发票信息 (sellers): the unit's invoicing details, with the credit code checked as it is typed.
 * A plain form (docs/decisions/056-account-pages-without-antd.md).
 */
export default function SellerInvoicePage() {
  const query = useSellerInvoice();
  const { saveInvoice } = useSellerActions();
  const { message } = useFeedback();
  const form = usePlainForm(initial, rules);
  const info = useSellerInfo();
  const data = query.data;
  const unit = info.data?.units.find((u) => u.businessUnitId === info.data?.current);
  const { reset } = form;

  useEffect(() => {
    if (data?.invoice) {
      const { title, taxNo, address, phone, bankName, bankAccount } = data.invoice;
      reset({ title, taxNo, address, phone, bankName, bankAccount });
    }
    // Nothing saved yet: start from the unit's registered name, credit code and address.
    else if (data)
      reset({
        title: data.businessUnitName,
        ...(unit ? { taxNo: unit.creditCode, address: unit.address } : {}),
      });
  }, [data, unit, reset]);

  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(),
    async () => {
      await saveInvoice(schema.parse(form.values));
      void message.success('发票信息已保存');
    },
  );

  return (
    <div className="center-body">
      <div className="center-title">发票信息</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <Notice
          type="info"
          className="form-notice"
          message={`${data?.businessUnitName ?? ''}的开票信息${data?.invoice ? `，上次保存于 ${data.invoice.updatedAt}` : '，尚未填写'}。平台按此信息开具服务费发票。`}
        />
        <form
          className="seller-form plain-form-horizontal"
          style={LABEL}
          noValidate
          onSubmit={onSubmit}
          data-testid="seller-invoice-form"
        >
          {FIELDS.map(([name, label, attrs]) => (
            <Field key={name} form={form} name={name} label={label} required>
              {(input) => <input {...input} {...attrs} className="plain-input" />}
            </Field>
          ))}
          <div className="form-actions">
            <SubmitButton busy={busy}>保存</SubmitButton>
          </div>
        </form>
      </QueryState>
    </div>
  );
}
