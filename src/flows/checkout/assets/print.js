
(() => {
  // The receipt's "print / save as PDF" button: the browser's print dialog (where "Save as PDF" is a
  // printer); the print stylesheet leaves the invoice and the receipt, without buttons or links.
  const button = document.getElementById('print-receipt');
  if (button) button.addEventListener('click', () => window.print());
})();
