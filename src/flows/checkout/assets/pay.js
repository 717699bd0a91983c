
(() => {
  const root = document.getElementById('pay');
  if (!root || !document.getElementById('methods')) return;
  const text = JSON.parse(document.getElementById('page-text').textContent);
  const $ = (id) => document.getElementById(id);
  // Solana wallets announce themselves through the Wallet Standard (github.com/wallet-standard):
  // the page says `wallet-standard:app-ready` with {register}, a wallet says
  // `wallet-standard:register-wallet` with a callback given {register}; either may come first.
  const solanaWallets = [];
  const registry = {
    register: (...wallets) => {
      for (const wallet of wallets) {
        const features = (wallet && wallet.features) || {};
        if (features['standard:connect'] && features['solana:signTransaction'] && !solanaWallets.includes(wallet)) solanaWallets.push(wallet);
      }
      return () => {};
    },
  };
  window.addEventListener('wallet-standard:register-wallet', (event) => { try { event.detail(registry); } catch { /* a wallet that fails to register is not offered */ } });
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: registry }));
  const token = new URLSearchParams(location.search).get('token') || '';
  const page = location.pathname.replace(/\/+$/, '');
  const local = (url) => { const u = new URL(url, location.href); return u.pathname + u.search; };
  const statusBox = $('pay-status');
  const errorBox = $('pay-error');
  const methods = ['pix', 'boleto', 'card', 'crypto'];
  let current = null;
  let payAttempt = { body: '', key: '' };
  let cardAttempt = { body: '', key: '' };
  let countdown = null;
  let busy = false;
  let done = false;

  const say = (message) => { statusBox.textContent = message || ''; };
  const fail = (message) => { errorBox.textContent = message || ''; errorBox.hidden = !message; };
  // The API's messages are English: an error is said from the page's catalogue (http/page-validation.text.ts).
  const words = text.validation;
  const leaf = (field) => String(field || '').replace(/\[\d+\]/g, '').split('.').pop();
  const messageOf = (answer) => {
    const first = answer && Array.isArray(answer.errors) ? answer.errors[0] : null;
    if (first) return text.failed + ' ' + (words.fields[leaf(first.field)] || first.field) + ': ' + (words.constraints[first.constraint] || words.invalid);
    const code = answer && (answer.error_code || (answer.error && answer.error.code));
    return words.codes[code] || words.failed;
  };
  // A decimal string shown in the page's locale without passing through a float.
  const amountText = (amount, unit) => {
    const [whole, fraction] = String(amount).split('.');
    const format = new Intl.NumberFormat(text.locale);
    const point = (format.formatToParts(0.5).find((p) => p.type === 'decimal') || { value: '.' }).value;
    return format.format(BigInt(whole || '0')) + (fraction ? point + fraction : '') + ' ' + unit;
  };
  const post = async (url, body, key) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body });
    let answer = null;
    try { answer = await res.json(); } catch { answer = null; }
    return { status: res.status, answer };
  };
  const setBusy = (value) => {
    busy = value;
    for (const b of root.querySelectorAll('button')) b.disabled = value;
    if (value) say(text.processing);
  };

  const show = (method) => {
    $('methods').hidden = method !== null;
    for (const m of methods) $('panel-' + m).hidden = m !== method;
    $('switch').hidden = method === null;
    const sandbox = $('sandbox-row');
    if (sandbox) sandbox.hidden = true;
    if (method === null && countdown) { clearInterval(countdown); countdown = null; }
  };

  const groupLine = (line) => /^[0-9]{47}$/.test(line)
    ? line.slice(0, 5) + '.' + line.slice(5, 10) + ' ' + line.slice(10, 15) + '.' + line.slice(15, 21) + ' ' + line.slice(21, 26) + '.' + line.slice(26, 32) + ' ' + line[32] + ' ' + line.slice(33)
    : line;

  const tick = (expiresAt) => {
    const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    const pad = (n) => String(n).padStart(2, '0');
    $('pix-countdown').textContent = (h ? h + ':' : '') + pad(m) + ':' + pad(s);
    $('pix-expired').hidden = left > 0;
    $('pix-expiry').hidden = left === 0;
    if (left === 0 && countdown) { clearInterval(countdown); countdown = null; }
  };

  const render = (payment) => {
    current = payment;
    show(payment.method);
    if (payment.sandboxConfirmUrl && (payment.method === 'pix' || payment.method === 'boleto') && $('sandbox-confirm')) {
      $('sandbox-confirm').href = local(payment.sandboxConfirmUrl);
      $('sandbox-row').hidden = false;
    }
    if (payment.method === 'pix') {
      if (payment.pixQrImage) $('pix-qr').src = 'data:image/png;base64,' + payment.pixQrImage;
      $('pix-code').value = payment.pixPayload || '';
      if (countdown) clearInterval(countdown);
      if (payment.pixExpiresAt) { tick(payment.pixExpiresAt); countdown = setInterval(() => tick(payment.pixExpiresAt), 1000); }
      say(text.waiting);
    } else if (payment.method === 'boleto') {
      $('boleto-line').textContent = groupLine(payment.boletoLine || '');
      $('boleto-line').dataset.value = payment.boletoLine || '';
      if (payment.boletoBarcodeImage) $('boleto-barcode').src = 'data:image/png;base64,' + payment.boletoBarcodeImage;
      if (payment.boletoUrl) $('boleto-print').href = local(payment.boletoUrl);
      if (payment.boletoDueDate) $('boleto-due').textContent = new Intl.DateTimeFormat(text.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(payment.boletoDueDate));
      say(text.waiting);
    } else if (payment.method === 'crypto') {
      // USDC is one for one with the US dollar: a wallet pays USD charges only (the service says the same).
      const inUsd = payment.currency === 'USD';
      $('crypto-amount').textContent = amountText(payment.amount || '', inUsd ? 'USDC' : payment.currency);
      $('crypto-network').textContent = payment.network === 'test' ? text.testNetwork : text.mainNetwork;
      // The asset and the chain by their names (USDC on Base, USDC on Solana), never a code of the service.
      const chain = { base: 'Base', solana: 'Solana' }[payment.settlementNetwork] || '';
      $('crypto-settlement').textContent = 'USDC' + (chain ? ' ' + text.settlementOn + ' ' + chain : '');
      const hasWallet = payment.settlementNetwork === 'solana' ? solanaWallets.length > 0 : Boolean(window.ethereum);
      $('wallet-pay').hidden = !inUsd || !hasWallet;
      $('wallet-missing').hidden = !inUsd || hasWallet;
      say('');
    } else if (live) {
      say('');
      if (payment.nextAction) mountLiveCard(payment).catch((error) => fail(text.failed + ' ' + ((error && error.message) || '')));
    } else {
      say('');
      $('card-number').focus();
    }
  };

  // A live processor serves card: its own browser library takes the card (the number never reaches
  // this service). The charge's nextAction says which: processor_b (Stripe.js: a card Element, then
  // confirmCardPayment with the charge's client secret) or processor_a (Adyen Web: the card
  // Component of the charge's Checkout session, with its own pay button). The processor's webhook
  // confirms the charge; the page polls until the invoice is paid.
  const live = $('card-live');
  let liveConfirm = null;
  const mountLiveCard = async (payment) => {
    const action = payment.nextAction;
    const element = $('card-element');
    element.textContent = '';
    liveConfirm = null;
    if (action.type === 'processor_b_payment_intent') {
      const stripe = globalThis.Stripe(action.publishableKey, { locale: text.locale === 'pt-BR' ? 'pt-BR' : 'en' });
      const card = stripe.elements().create('card');
      card.mount(element);
      liveConfirm = async () => {
        const result = await stripe.confirmCardPayment(action.clientSecret, { payment_method: { card } });
        if (result.error) {
          current.status = 'failed';
          fail((text.declines && text.declines[result.error.decline_code || result.error.code]) || result.error.message || text.declined);
          return;
        }
        say(text.processing);
        await refresh(false);
      };
    } else if (action.type === 'processor_a_session') {
      const checkout = await globalThis.AdyenCheckout({
        environment: live.dataset.environment,
        clientKey: action.clientKey,
        session: action.session,
        locale: action.locale,
        countryCode: action.countryCode,
        amount: action.amount,
        onPaymentCompleted: (result) => {
          if (result && (result.resultCode === 'Refused' || result.resultCode === 'Error')) { current.status = 'failed'; fail(text.declined); return; }
          say(text.processing);
          refresh(false);
        },
        onError: (error) => fail(text.failed + ' ' + ((error && error.message) || '')),
      });
      checkout.create('card').mount(element);
    }
  };
  const livePay = $('card-live-pay');
  if (livePay) livePay.addEventListener('click', async () => {
    if (busy || !liveConfirm) return;
    fail('');
    setBusy(true);
    try { await liveConfirm(); } finally { setBusy(false); }
  });

  const pay = async (method) => {
    const body = JSON.stringify({ token, method });
    if (body !== payAttempt.body) payAttempt = { body, key: crypto.randomUUID() };
    const { status, answer } = await post(page + '/payments', body, payAttempt.key);
    payAttempt = { body: '', key: '' };
    if (status !== 201) { fail(messageOf(answer, status)); return null; }
    return answer;
  };

  const finish = (successUrl) => {
    if (done) return;
    done = true;
    say(text.paid);
    if (successUrl) location.assign(successUrl); else location.reload();
  };

  const refresh = async (resume) => {
    if (done) return;
    let res;
    // Only a resume shows the pending charge again, so only it asks for the QR or barcode image.
    const query = '/status?token=' + encodeURIComponent(token) + (resume ? '&images=true' : '');
    try { res = await fetch(page + query, { headers: { accept: 'application/json' } }); } catch { return; }
    if (res.status !== 200) return;
    const state = await res.json();
    if (state.invoiceStatus === 'paid') { finish(state.successUrl); return; }
    if (state.invoiceStatus !== 'open') { location.reload(); return; }
    const p = state.payment;
    if (resume && p && p.status === 'pending' && (p.method === 'pix' || p.method === 'boleto') && current === null) render(p);
  };

  for (const button of root.querySelectorAll('button[data-method]')) {
    button.addEventListener('click', async () => {
      if (busy) return;
      fail('');
      setBusy(true);
      try {
        const payment = await pay(button.dataset.method);
        if (payment) render(payment);
      } finally { setBusy(false); say(current && (current.method === 'pix' || current.method === 'boleto') ? text.waiting : ''); }
    });
  }

  $('switch').addEventListener('click', () => { fail(''); say(''); current = null; show(null); root.querySelector('button[data-method]').focus(); });

  for (const button of root.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const source = $(button.dataset.copy);
      const value = source.dataset.value || source.value || source.textContent;
      try { await navigator.clipboard.writeText(value); } catch { if (source.select) source.select(); }
      say(text.copied);
    });
  }

  if ($('card-form')) $('card-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    fail('');
    const holderName = event.target.elements.holderName.value.trim();
    if (!holderName) { fail(text.cardholderMissing); event.target.elements.holderName.focus(); return; }
    setBusy(true);
    try {
      if (!current || current.method !== 'card' || current.status !== 'pending' || !current.clientSecret) {
        const payment = await pay('card');
        if (!payment) return;
        current = payment;
      }
      const form = event.target;
      const number = form.elements.number.value.replace(/[\s-]/g, '');
      const body = JSON.stringify({
        clientSecret: current.clientSecret, holderName, number,
        expMonth: Number(form.elements.expMonth.value), expYear: Number(form.elements.expYear.value), cvc: form.elements.cvc.value.trim(),
      });
      if (body !== cardAttempt.body) cardAttempt = { body, key: crypto.randomUUID() };
      const { status, answer } = await post('/pay/sandbox/cards/' + current.paymentId, body, cardAttempt.key);
      cardAttempt = { body: '', key: '' };
      if (status === 200 && answer.status === 'confirmed') { await refresh(false); return; }
      if (status === 200 && answer.status === 'failed') {
        current.status = 'failed';
        fail((text.declines && text.declines[answer.failureCode]) || text.declined);
        return;
      }
      fail(messageOf(answer, status));
    } finally { setBusy(false); if (!done) say(''); }
  });

  // The buyer's own wallet (EIP-1193, window.ethereum): it signs an EIP-3009 authorization of
  // exactly the charge's amount to the seller's wallet, as the x402 `exact` scheme's client does
  // (valid from 10 minutes ago for maxTimeoutSeconds, a random nonce); the service verifies and
  // settles it (docs/rail.md, "USDC at the hosted checkout").
  const randomNonce = () => '0x' + Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  const payFromWallet = async (payment) => {
    const credential = JSON.stringify({ chargeToken: payment.chargeToken });
    const offered = await post('/pay/crypto/' + payment.paymentId + '/requirements', credential, crypto.randomUUID());
    if (offered.status !== 200) return fail(messageOf(offered.answer, offered.status));
    const requirements = offered.answer.accepts[0];
    const chainId = Number(requirements.network.split(':')[1]);
    const [from] = await window.ethereum.request({ method: 'eth_requestAccounts' });
    if (Number(await window.ethereum.request({ method: 'eth_chainId' })) !== chainId) {
      await window.ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x' + chainId.toString(16) }] });
    }
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from, to: requirements.payTo, value: requirements.amount,
      validAfter: String(now - 600), validBefore: String(now + requirements.maxTimeoutSeconds), nonce: randomNonce(),
    };
    const typedData = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        TransferWithAuthorization: [
          { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      domain: { name: requirements.extra.name, version: requirements.extra.version, chainId, verifyingContract: requirements.asset },
      message: authorization,
    };
    say(text.walletSigning);
    const signature = await window.ethereum.request({ method: 'eth_signTypedData_v4', params: [from, JSON.stringify(typedData)] });
    say(text.processing);
    const paymentPayload = { x402Version: 2, resource: offered.answer.resource, accepted: requirements, payload: { signature, authorization } };
    const paid = await post('/pay/crypto/' + payment.paymentId, JSON.stringify({ chargeToken: payment.chargeToken, paymentPayload }), crypto.randomUUID());
    if (paid.status === 200 && paid.answer.status === 'confirmed') return refresh(false);
    fail(messageOf(paid.answer, paid.status));
  };
  // A Solana charge (docs/rail-solana.md, "USDC at the hosted checkout"): the service builds the
  // charge's transaction for the wallet's address (the Rail's fee payer, a TransferChecked of the
  // amount to the seller's token account, the charge's memo), the wallet signs those bytes
  // (Wallet Standard `solana:signTransaction`) and the service settles it.
  const bytesOf = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const base64Of = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
  const SOLANA_CHAINS = { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet', EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet' };
  const payFromSolanaWallet = async (payment) => {
    const wallet = solanaWallets[0];
    const { accounts } = await wallet.features['standard:connect'].connect();
    const account = accounts[0];
    const offered = await post('/pay/crypto/' + payment.paymentId + '/requirements', JSON.stringify({ chargeToken: payment.chargeToken, payer: account.address }), crypto.randomUUID());
    if (offered.status !== 200) return fail(messageOf(offered.answer, offered.status));
    const requirements = offered.answer.accepts[0];
    say(text.walletSigning);
    const chain = SOLANA_CHAINS[requirements.network.split(':')[1]];
    const [signed] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction: bytesOf(offered.answer.transaction), ...(chain ? { chain } : {}) });
    say(text.processing);
    const paymentPayload = { x402Version: 2, resource: offered.answer.resource, accepted: requirements, payload: { transaction: base64Of(signed.signedTransaction) } };
    const paid = await post('/pay/crypto/' + payment.paymentId, JSON.stringify({ chargeToken: payment.chargeToken, paymentPayload }), crypto.randomUUID());
    if (paid.status === 200 && paid.answer.status === 'confirmed') return refresh(false);
    fail(messageOf(paid.answer, paid.status));
  };
  const walletPay = $('wallet-pay');
  if (walletPay) walletPay.addEventListener('click', async () => {
    if (busy || !current || current.method !== 'crypto') return;
    const onSolana = current.settlementNetwork === 'solana';
    if (onSolana ? solanaWallets.length === 0 : !window.ethereum) return;
    fail('');
    setBusy(true);
    try {
      await (onSolana ? payFromSolanaWallet(current) : payFromWallet(current));
    } catch (error) {
      // A wallet that refused (EIP-1193 code 4001: the buyer said no) or failed says why.
      fail(text.failed + ' ' + ((error && error.message) || ''));
    } finally { setBusy(false); if (!done) say(''); }
  });

  const wallet = $('test-wallet');
  if (wallet) wallet.addEventListener('click', async () => {
    if (busy || !current || current.method !== 'crypto') return;
    fail('');
    setBusy(true);
    try {
      const body = JSON.stringify({ chargeToken: current.chargeToken });
      const { status, answer } = await post('/pay/sandbox/crypto/' + current.paymentId, body, crypto.randomUUID());
      if (status === 200 && answer.status === 'confirmed') { await refresh(false); return; }
      fail(messageOf(answer, status));
    } finally { setBusy(false); }
  });

  // Coming from a payment link's form with a chosen method: start it unless a charge is pending
  // already; the parameter is then dropped so a reload does not start another one.
  const preferred = new URLSearchParams(location.search).get('method');
  refresh(true).then(() => {
    if (!preferred || !methods.includes(preferred)) return;
    const url = new URL(location.href);
    url.searchParams.delete('method');
    history.replaceState(null, '', url.pathname + url.search);
    const button = root.querySelector('button[data-method="' + preferred + '"]');
    if (button && current === null && !done) button.click();
  });
  setInterval(() => { if (!busy) refresh(false); }, 2000);
})();
