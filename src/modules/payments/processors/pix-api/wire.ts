// The Pix API standard's shapes the adapter reads (a subset of openapi.yaml 2.9.0's schemas) and the
// conversions between them and the service's amounts.
import { formatMoney, sumAmounts, toAmount } from '../../../../core/money.ts';
import { ProcessorError } from '../types.ts';

export interface WireDevolucao {
  id: string;
  rtrId?: string;
  valor: string;
  natureza?: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface WirePix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario?: string;
  devolucoes?: WireDevolucao[];
}

export interface WireCob {
  txid?: string;
  status?: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario?: { criacao?: string; expiracao?: number; dataDeVencimento?: string; validadeAposVencimento?: number };
  valor?: { original?: string };
  pixCopiaECola?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  pix?: WirePix[];
}

/** Brazil has kept UTC-3 all year since 2019: a São Paulo calendar date ends at 03:00 UTC the day after. */
export const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  return new Date(instant.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The standard's amounts: "10.50" (`\d{1,10}\.\d{2}`), BRL only. */
export function toWireAmount(amount: string, currency: string): string {
  if (currency.toUpperCase() !== 'BRL') {
    throw new ProcessorError('provider_rejected', `Pix charges are in BRL only, not ${currency}.`, 'currency');
  }
  const value = formatMoney(amount, 'BRL');
  if (!/^\d{1,10}\.\d{2}$/.test(value)) throw new ProcessorError('provider_rejected', 'The amount is outside what Pix accepts.', 'valor');
  return value;
}

/** A wire amount back as the service's decimal string, exact. */
export function fromWireAmount(valor: string): string {
  return formatMoney(toAmount(valor), 'BRL');
}

export function sumWire(valores: string[]): string {
  return formatMoney(sumAmounts(valores), 'BRL');
}

/** The payer's document as the standard writes it: CPF 11 digits, CNPJ 14 of [0-9A-Z]; else null. */
export function payerDocument(document: string | null): { cpf: string } | { cnpj: string } | null {
  if (!document) return null;
  const plain = document.replace(/[\s./-]/g, '').toUpperCase();
  if (/^\d{11}$/.test(plain)) return { cpf: plain };
  if (/^[0-9A-Z]{14}$/.test(plain)) return { cnpj: plain };
  return null;
}

/** The payer as `devedor` (document and name, both required by the standard), or null. */
export function devedorOf(payer: { name: string | null; document: string | null }, maxName: number): Record<string, string> | null {
  const document = payerDocument(payer.document);
  const name = payer.name?.trim();
  if (!document || !name) return null;
  return { ...document, nome: name.slice(0, maxName) };
}
