import './plain-form.css';

/** A small on/off switch drawn like antd's, without antd: a button with the `switch` role. */
export function Switch({
  checked,
  onChange,
  label,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's accessible name. */
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className="plain-switch"
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="plain-switch-handle" aria-hidden="true" />
    </button>
  );
}
