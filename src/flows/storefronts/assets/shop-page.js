
(() => {
  const form = document.getElementById('cart');
  const scale = Number(form.dataset.scale);
  const money = new Intl.NumberFormat(form.dataset.locale, { style: 'currency', currency: form.dataset.currency || 'BRL' });
  const toUnits = (text) => { const [w, f = ''] = text.split('.'); return BigInt(w + f.padEnd(scale, '0').slice(0, scale)); };
  const toText = (units) => { const s = units.toString().padStart(scale + 1, '0'); return scale ? s.slice(0, -scale) + '.' + s.slice(-scale) : s; };
  const text = JSON.parse(document.getElementById('shop-text').textContent);
  // The cart: product id -> quantity, in the order products were added. A product's "add" button
  // puts one in; its cart line has one less / one more (at 0 the line goes).
  const cart = new Map();
  const products = new Map([...form.querySelectorAll('[data-product]')].map((p) => [p.dataset.product, { name: p.dataset.name, price: p.dataset.price }]));
  const address = document.getElementById('address');
  const errors = document.getElementById('errors');
  const lines = document.getElementById('cart-lines');
  // The API's messages are English: each error is said from the page's catalogue (http/page-validation.text.ts).
  const words = JSON.parse(errors.dataset.validation);
  const leaf = (field) => String(field || '').replace(/\[\d+\]/g, '').split('.').pop();
  const mode = () => (form.querySelector('input[name=mode]:checked') || {}).value || 'pickup';
  const wantsAddress = () => mode() === 'shipping' || address.dataset.require === 'true';
  const change = (id, by, fromLine) => {
    const quantity = Math.min(100, (cart.get(id) || 0) + by);
    if (quantity > 0) cart.set(id, quantity); else cart.delete(id);
    update();
    // The lines are drawn again: keep the keyboard on the button just pressed, while its line is there.
    const again = fromLine && lines.querySelector('[data-line="' + CSS.escape(id) + '"] [data-testid=' + (by > 0 ? 'more' : 'less') + ']');
    if (again) again.focus();
  };
  const stepper = (id, by, label, sign) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    b.textContent = sign;
    b.setAttribute('aria-label', label + ' ' + products.get(id).name);
    b.dataset.testid = by > 0 ? 'more' : 'less';
    b.addEventListener('click', () => change(id, by, true));
    return b;
  };
  const update = () => {
    address.hidden = !wantsAddress();
    let total = 0n;
    lines.textContent = '';
    for (const [id, quantity] of cart) {
      const product = products.get(id);
      const amount = toUnits(product.price) * BigInt(quantity);
      total += amount;
      const li = document.createElement('li');
      li.className = 'cart-line';
      li.dataset.testid = 'cart-line';
      li.dataset.line = id;
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = quantity + ' × ' + product.name;
      const steps = document.createElement('span');
      steps.className = 'steps';
      steps.append(stepper(id, -1, text.less, '−'), stepper(id, 1, text.more, '+'));
      const price = document.createElement('span');
      price.className = 'amount';
      price.textContent = money.format(toText(amount));
      li.append(name, steps, price);
      lines.append(li);
    }
    document.getElementById('cart-empty').hidden = cart.size > 0;
    const shipping = mode() === 'shipping' && form.dataset.shipping && cart.size > 0;
    document.getElementById('cart-shipping').hidden = !shipping;
    if (shipping) {
      total += toUnits(form.dataset.shipping);
      document.getElementById('cart-shipping-amount').textContent = money.format(toText(toUnits(form.dataset.shipping)));
    }
    document.querySelector('[data-testid=total]').textContent = money.format(toText(total));
  };
  for (const button of form.querySelectorAll('button[data-add]')) button.addEventListener('click', () => change(button.dataset.add, 1));
  form.addEventListener('change', update);
  update();
  let last = { body: '', key: '' };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name) => form.elements[name].value.trim();
    const items = [...cart].map(([productId, quantity]) => ({ productId, quantity }));
    errors.hidden = true;
    if (items.length === 0) { errors.textContent = errors.dataset.empty; errors.hidden = false; return; }
    const payer = { name: value('name'), email: value('email') };
    if (value('document')) payer.document = value('document');
    const fulfillment = { mode: mode() };
    if (wantsAddress()) {
      // The state is the Brazilian select or the free text, whichever the country shows.
      const state = form.querySelector('[data-state]:not([disabled])');
      fulfillment.address = { line1: value('line1'), city: value('city'), state: state ? state.value.trim() : '', postalCode: value('postalCode'), country: value('country') };
      if (value('line2')) fulfillment.address.line2 = value('line2');
    }
    const body = JSON.stringify({ items, payer, fulfillment });
    if (body !== last.body) last = { body, key: crypto.randomUUID() };
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const res = await fetch('/public/storefronts/' + encodeURIComponent(form.dataset.slug) + '/orders', {
        method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': last.key }, body,
      });
      const answer = await res.json().catch(() => ({}));
      if (res.status === 201) { const url = new URL(answer.checkoutUrl); location.assign(url.pathname + url.search); return; }
      const list = document.createElement('ul');
      const code = answer.error_code || (answer.error && answer.error.code);
      const said = answer.errors
        ? answer.errors.map((e) => (words.fields[leaf(e.field)] || e.field) + ': ' + (words.constraints[e.constraint] || words.invalid))
        : [words.codes[code] || words.failed];
      for (const text of said) {
        const li = document.createElement('li');
        li.textContent = text;
        list.append(li);
      }
      errors.textContent = errors.dataset.failed;
      errors.append(list);
      errors.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
})();
