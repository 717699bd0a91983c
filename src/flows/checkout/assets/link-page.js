
(() => {
  const form = document.getElementById('checkout');
  const errors = document.getElementById('errors');
  const labels = JSON.parse(errors.dataset.labels);
  // The API's messages are English: each error is said from the page's catalogue (http/page-validation.text.ts).
  const words = JSON.parse(errors.dataset.validation);
  const leaf = (field) => String(field || '').replace(/\[\d+\]/g, '').split('.').pop();
  const explain = (e) => (labels[e.field] || words.fields[leaf(e.field)] || e.field) + ': ' + (words.constraints[e.constraint] || words.invalid);
  const value = (name) => (form.elements[name] ? form.elements[name].value.trim() : '');
  let last = { body: '', key: '' };
  const show = (items) => {
    const list = document.createElement('ul');
    for (const item of items) {
      const li = document.createElement('li');
      li.textContent = item;
      list.append(li);
    }
    errors.textContent = errors.dataset.failed;
    errors.append(list);
    errors.hidden = false;
    errors.focus();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    errors.hidden = true;
    const payer = { name: value('name'), email: value('email') };
    if (value('document')) payer.document = value('document');
    const body = { payer };
    if (form.elements.line1) {
      // The state is the Brazilian select or the free text, whichever the country shows.
      const state = form.querySelector('[data-state]:not([disabled])');
      body.address = { line1: value('line1'), city: value('city'), state: state ? state.value.trim() : '', postalCode: value('postalCode'), country: value('country') };
      if (value('line2')) body.address.line2 = value('line2');
    }
    const method = form.querySelector('input[name=method]:checked');
    if (method) body.paymentMethod = method.value;
    if (value('coupon')) body.couponCode = value('coupon');
    const text = JSON.stringify(body);
    if (text !== last.body) last = { body: text, key: crypto.randomUUID() };
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const res = await fetch(form.dataset.action, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': last.key }, body: text });
      const answer = await res.json().catch(() => ({}));
      if (res.status === 201 && answer.invoiceUrl) {
        const url = new URL(answer.invoiceUrl, location.href);
        // The invoice page starts the chosen method at once (its charge is made there).
        if (answer.preferredMethod) url.searchParams.set('method', answer.preferredMethod);
        location.assign(url.pathname + url.search);
        return;
      }
      const found = answer.errors || [];
      for (const e of found) {
        const input = form.querySelector('[data-field="' + CSS.escape(e.field) + '"]:not([disabled])');
        if (input) input.setAttribute('aria-invalid', 'true');
      }
      const code = answer.error_code || (answer.error && answer.error.code);
      show(found.length ? found.map(explain) : [words.codes[code] || words.failed]);
    } catch {
      show([errors.dataset.network]);
    } finally {
      button.disabled = false;
    }
  });
  errors.tabIndex = -1;
})();
