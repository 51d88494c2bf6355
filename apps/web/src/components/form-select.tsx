import { AutoComplete, Select, type AutoCompleteProps, type SelectProps } from 'antd';

// antd's Select and AutoComplete in a required Form.Item. The item hands its control `aria-required`,
// which these put on their outer element, a div without a role, where ARIA does not allow it (axe:
// aria-allowed-attr, critical). It is dropped here; the label's asterisk and the item's validation
// message still say the field is required. (Radio groups: ./radio-group-field.tsx.)
type FromFormItem = { 'aria-required'?: unknown };

export function FormSelect<V = unknown>({
  'aria-required': _required,
  ...props
}: SelectProps<V> & FromFormItem) {
  return <Select<V> {...props} />;
}

export function FormAutoComplete({ 'aria-required': _required, ...props }: AutoCompleteProps & FromFormItem) {
  return <AutoComplete {...props} />;
}
