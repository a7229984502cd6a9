import { LOOK_NAMES } from './lookPicker';
import type { DemoLookName } from './looks';
import { DEMO_LOOKS } from './looks';

/** Props of {@link LookPicker}. */
export interface LookPickerProps {
  /** The look shown as chosen. */
  value: DemoLookName;
  /** Called with the look the visitor chose. */
  onChange: (look: DemoLookName) => void;
}

/** "Payment form look": the demo's looks (demo/looks.ts), passed to the widget as `appearance` and `fonts`. */
export function LookPicker({ value, onChange }: LookPickerProps) {
  return (
    <p className="language">
      <label htmlFor="widget-look">Payment form look</label>
      <select id="widget-look" value={value} onChange={(e) => onChange(e.target.value as DemoLookName)}>
        {LOOK_NAMES.map((name) => (
          <option key={name} value={name}>
            {DEMO_LOOKS[name].label}
          </option>
        ))}
      </select>
    </p>
  );
}
