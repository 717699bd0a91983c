// The printable boleto: the seller, the amount and due date, the digitable line in its grouped
// form and the ITF barcode. Server-rendered HTML, no script; Handlebars escapes every value; the
// inline stylesheet is allowed by its hash, the barcode by `img-src data:`.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 46rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  .seller { color: #57606a; margin: 0 0 1.5rem; }
  .test-mode { background: #fff1e5; color: #953800; padding: .5rem 1rem; border-radius: 8px; margin-bottom: 1rem; font-weight: 600; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { color: #57606a; }
  dd { margin: 0; }
  .line { font: 600 1.1rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: .02em; padding: .75rem 1rem; background: #f6f8fa; border-radius: 8px; overflow-wrap: anywhere; }
  .barcode { display: block; margin: 1.5rem 0 .5rem; max-width: 100%; height: 64px; image-rendering: pixelated; }
  footer { margin-top: 1.5rem; color: #57606a; font-size: .85rem; }
  @media print { body { background: #fff; } main { box-shadow: none; margin: 0; max-width: none; } .test-mode { border: 1px solid #953800; } }
`;

export const BOLETO_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const handlebars = Handlebars.create();
const template = handlebars.compile(`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Boleto {{accountName}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
  {{#if sandbox}}<div class="test-mode">Sandbox boleto: for tests only, not payable at any bank.</div>{{/if}}
  <h1>Boleto bancário</h1>
  <p class="seller">{{accountName}}{{#if supportEmail}} · {{supportEmail}}{{/if}}</p>
  <dl>
    <dt>Valor</dt><dd id="amount">{{amount}} {{currency}}</dd>
    <dt>Vencimento</dt><dd id="due-date">{{dueDate}}</dd>
    {{#if invoiceNumber}}<dt>Fatura</dt><dd>{{invoiceNumber}}</dd>{{/if}}
    {{#if payerName}}<dt>Pagador</dt><dd>{{payerName}}</dd>{{/if}}
  </dl>
  <p>Linha digitável</p>
  <p class="line" id="line">{{line}}</p>
  <img class="barcode" alt="Código de barras" src="data:image/png;base64,{{barcode}}">
  <footer>Pague no aplicativo do seu banco com a linha digitável, ou imprima esta página.</footer>
</main>
</body>
</html>
`);

export interface BoletoPageData {
  accountName: string;
  supportEmail: string | null;
  invoiceNumber: string | null;
  amount: string;
  currency: string;
  dueDate: Date;
  line: string;
  barcodeImageBase64: string;
  payerName: string | null;
  sandbox: boolean;
}

/** "00190.00009 01234.567891 23456.789012 3 45670000010000": the grouping printed on boletos. */
export function formatBoletoLine(line: string): string {
  if (!/^[0-9]{47}$/.test(line)) return line;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

/** The due date as a Brazilian calendar date (DD/MM/YYYY, UTC day). */
function formatDueDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export function renderBoletoPage(data: BoletoPageData): string {
  return template({
    ...data,
    styles: STYLES,
    line: formatBoletoLine(data.line),
    dueDate: formatDueDate(data.dueDate),
    barcode: data.barcodeImageBase64,
  });
}
