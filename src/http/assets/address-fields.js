
(() => {
  // Every address block on the page (data-address): with Brazil chosen, the state is the select of
  // its 27 units and the CEP is masked as 00000-000; elsewhere the state is free text and the
  // postal code unmasked. The field the script sends is whichever of the two is shown (data-state-input).
  const cep = (value) => { const d = value.replace(/\D/g, '').slice(0, 8); return d.length > 5 ? d.slice(0, 5) + '-' + d.slice(5) : d; };
  for (const block of document.querySelectorAll('[data-address]')) {
    const country = block.querySelector('select[name=country]');
    const select = block.querySelector('select[name=stateBR]');
    const free = block.querySelector('input[name=state]');
    const postal = block.querySelector('input[name=postalCode]');
    if (!country || !select || !free || !postal) continue;
    const brazil = () => country.value === 'BR';
    const sync = () => {
      const br = brazil();
      select.hidden = !br; select.disabled = !br;
      free.hidden = br; free.disabled = br;
      const label = block.querySelector('label[data-state-label]');
      if (label) label.htmlFor = br ? select.id : free.id;
      postal.inputMode = br ? 'numeric' : 'text';
      postal.placeholder = br ? '00000-000' : '';
      postal.maxLength = br ? 9 : 20;
      if (br) postal.value = cep(postal.value);
    };
    country.addEventListener('change', sync);
    postal.addEventListener('input', () => { if (brazil()) postal.value = cep(postal.value); });
    sync();
  }
})();
