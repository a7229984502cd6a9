// The demo checkout: mounts the widget with the script-tag build and shows what the host
// receives through onApiInit / onCrash / onSlow. Plain browser JS, no build step.
(() => {
  const config = window.CASHIER_DEMO;
  const events = document.getElementById('events');
  const placeOrder = document.getElementById('place-order');
  const result = document.getElementById('order-result');
  const readyTime = document.getElementById('ready-time');
  let api;

  function log(kind, detail) {
    const item = document.createElement('li');
    item.dataset.kind = kind;
    const time = new Date().toLocaleTimeString();
    item.textContent = `${time} ${kind}: ${detail}`;
    events.appendChild(item);
  }

  const started = performance.now();
  window.Cashier.mountCashier(document.getElementById('cashier'), {
    host: config.host,
    frameUrl: config.frameUrl,
    configuration: { appInstance: config.appInstance },
    theme: 'inline',
    onApiInit(received) {
      api = received;
      readyTime.textContent = `${Math.round(performance.now() - started)} ms`;
      log('onApiInit', `api methods: ${Object.keys(received).join(', ')}`);
      placeOrder.disabled = false;
    },
    onCrash(error) {
      log('onCrash', `${error.code}: ${error.message}`);
      placeOrder.disabled = true;
    },
    onSlow(ms) {
      log('onSlow', `not ready after ${Math.round(ms)} ms, still waiting`);
    },
    revalidateAppInstance: async () => {
      log('revalidateAppInstance', 'handing the frame a fresh app instance');
      return config.appInstance;
    },
  });

  placeOrder.addEventListener('click', async () => {
    if (!api) return;
    placeOrder.disabled = true;
    try {
      const { valid, errors } = await api.validate();
      result.textContent = valid
        ? 'The payment details are complete. (Paying arrives with the payment flow.)'
        : `Please check: ${Object.values(errors).join('; ')}`;
      log('api.validate', JSON.stringify({ valid, errors }));
    } catch (error) {
      result.textContent = `The widget could not answer (${error.code}).`;
      log('api.validate rejected', `${error.code}: ${error.message}`);
    } finally {
      placeOrder.disabled = false;
    }
  });
})();
