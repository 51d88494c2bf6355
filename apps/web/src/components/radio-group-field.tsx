import { Radio, type RadioGroupProps } from 'antd';

type AriaFromFormItem = {
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
};

/**
 * antd's Radio.Group inside a required Form.Item: Form.Item hands the control `aria-required`, which
 * is not allowed on the group's role-less div, so the group is wrapped in a real radiogroup that
 * carries the ARIA state.
 */
export function RadioGroupField({
  'aria-required': required,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ...props
}: RadioGroupProps & AriaFromFormItem) {
  return (
    <div role="radiogroup" aria-required={required} aria-invalid={invalid} aria-describedby={describedBy}>
      <Radio.Group {...props} />
    </div>
  );
}
