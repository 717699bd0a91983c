// The printable boleto: the seller, the amount and due date, the digitable line in its grouped
// form and the ITF barcode. Server-rendered HTML (templates/boleto-page.hbs, in pt-BR only: a boleto
// is a Brazilian bank document), no script;
// Handlebars escapes every value; the inline stylesheet (assets/boleto-page.css) is allowed by its
// hash, the barcode by `img-src data:`.
import { formatAmount } from '../../http/page-locale.ts';
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';

const STYLES = pageAsset(new URL('./assets/boleto-page.css', import.meta.url));

export const BOLETO_PAGE_STYLE_HASH = styleHash(STYLES);

const template = pageTemplate(new URL('./templates/boleto-page.hbs', import.meta.url));

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
    amount: formatAmount(data.amount, data.currency, 'pt-BR'),
    line: formatBoletoLine(data.line),
    dueDate: formatDueDate(data.dueDate),
    barcode: data.barcodeImageBase64,
  });
}
