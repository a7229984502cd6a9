import { createRoot } from 'react-dom/client';
import type { CashierWidgetInstance, CashierWidgetProps } from '../shared';
import { CardForm } from './CardForm';
import { createFormStore } from './createFormStore';
import { ErrorBoundary } from './ErrorBoundary';
import { CARD_FIELDS, type ValidationResult, validateCardForm } from './validateCardForm';

let mounts = 0;

/**
 * The reference cashier widget bundle's entry (DESIGN "The bundle"): renders the card payment
 * form into `container` and, once it is on screen, hands `props.onApiInit` the api
 * `{ validate(): ValidationResult }`. A render error goes to `props.onCrash`.
 * @returns `unmount()` (empties the container) and `update(partial)` (re-renders with merged props).
 */
export function mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance {
  mounts += 1;
  const idPrefix = `cashier-${mounts}`;
  const store = createFormStore();
  const root = createRoot(container);
  let current = props;
  let apiSent = false;

  const api = {
    /** Validates every field, shows the errors, focuses the first invalid field. */
    validate(): ValidationResult {
      const result = validateCardForm(store.getSnapshot().values);
      store.setErrors(result.errors);
      const first = CARD_FIELDS.find((f) => result.errors[f]);
      if (first) container.ownerDocument.getElementById(`${idPrefix}-${first}`)?.focus();
      return result;
    },
  };

  const render = () =>
    root.render(
      <ErrorBoundary onError={(error) => current.onCrash(error)}>
        <CardForm
          store={store}
          idPrefix={idPrefix}
          theme={current.theme}
          onReady={() => {
            if (apiSent) return;
            apiSent = true;
            current.onApiInit(api);
          }}
        />
      </ErrorBoundary>,
    );
  render();

  return {
    unmount() {
      root.unmount();
      container.replaceChildren();
    },
    update(partial) {
      current = { ...current, ...partial };
      render();
    },
  };
}
