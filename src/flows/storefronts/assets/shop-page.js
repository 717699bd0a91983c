
(() => {
  const form = document.getElementById('cart');
  const scale = Number(form.dataset.scale);
  const money = new Intl.NumberFormat(form.dataset.locale, { style: 'currency', currency: form.dataset.currency || 'BRL' });
  const toUnits = (text) => { const [w, f = ''] = text.split('.'); return BigInt(w + f.padEnd(scale, '0').slice(0, scale)); };
  const toText = (units) => { const s = units.toString().padStart(scale + 1, '0'); return scale ? s.slice(0, -scale) + '.' + s.slice(-scale) : s; };
  const quantities = [...form.querySelectorAll('input[name=quantity]')];
  const address = document.getElementById('address');
  const errors = document.getElementById('errors');
  // The API's messages are English: each error is said from the page's catalogue (http/page-validation.text.ts).
  const words = JSON.parse(errors.dataset.validation);
  const leaf = (field) => String(field || '').replace(/\[\d+\]/g, '').split('.').pop();
  const mode = () => (form.querySelector('input[name=mode]:checked') || {}).value || 'pickup';
  const wantsAddress = () => mode() === 'shipping' || address.dataset.require === 'true';
  const update = () => {
    address.hidden = !wantsAddress();
    let total = 0n;
    for (const q of quantities) total += toUnits(q.dataset.price) * BigInt(Math.max(0, Math.floor(Number(q.value) || 0)));
    if (mode() === 'shipping' && form.dataset.shipping) total += toUnits(form.dataset.shipping);
    document.querySelector('[data-testid=total]').textContent = money.format(toText(total));
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();
  let last = { body: '', key: '' };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name) => form.elements[name].value.trim();
    const items = quantities.filter((q) => Number(q.value) > 0).map((q) => ({ productId: q.dataset.product, quantity: Math.floor(Number(q.value)) }));
    errors.hidden = true;
    if (items.length === 0) { errors.textContent = errors.dataset.empty; errors.hidden = false; return; }
    const payer = { name: value('name'), email: value('email') };
    if (value('document')) payer.document = value('document');
    const fulfillment = { mode: mode() };
    if (wantsAddress()) {
      fulfillment.address = { line1: value('line1'), city: value('city'), state: value('state'), postalCode: value('postalCode'), country: value('country').toUpperCase() };
      if (value('line2')) fulfillment.address.line2 = value('line2');
    }
    const body = JSON.stringify({ items, payer, fulfillment });
    if (body !== last.body) last = { body, key: crypto.randomUUID() };
    const button = form.querySelector('button');
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
