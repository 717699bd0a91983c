// The words of the invoice lines the service writes itself (coupon, shipping, subscription fees,
// proration, prepaid credit, usage and commitment lines), in pt-BR and English. A line's text is
// written in the account's locale when the line is created and stored: it never changes after
// (docs/decisions/locale.md). Seller-given text (product, meter and line names) is kept as given.
import { formatAmount, type Locale } from './locale.ts';

type Cycle = 'weekly' | 'monthly' | 'annual';

/** A line's day: "01/03/2026" in pt-BR, "2026-03-01" (ISO) in English; UTC. */
function lineDay(date: Date, locale: Locale): string {
  const iso = date.toISOString();
  return locale === 'pt-BR' ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso.slice(0, 10);
}

const CYCLES: Record<Locale, Record<Cycle, string>> = {
  'pt-BR': { weekly: 'semanal', monthly: 'mensal', annual: 'anual' },
  en: { weekly: 'weekly', monthly: 'monthly', annual: 'annual' },
};

export interface ProrationText {
  kind: 'time' | 'unused' | 'paused';
  product: string;
  from: Date;
  to: Date;
  /** Days paused within [from, to), "0" when none; active and period days as decimals ("21", "30.5"). */
  pausedDays: string | null;
  activeDays: string;
  periodDays: string;
}

const WORDS = {
  'pt-BR': {
    coupon: (code: string, percent: string) => `Cupom ${code}: ${percent}% de desconto`,
    shipping: 'Frete',
    fee: (product: string, cycle: string, from: string, to: string) => `${product} (${cycle}), ${from} a ${to}`,
    prepaid: (product: string, cycle: string, from: string, to: string) => `${product}: crédito pré-pago (${cycle}), ${from} a ${to}`,
    prorationOpening: { time: 'Período de', unused: 'Crédito do período não usado de', paused: 'Crédito do período pausado de' },
    prorationTail: (from: string, to: string, paused: string | null, active: string, period: string) =>
      `, ${from} a ${to}${paused ? `, menos ${paused} dias pausados` : ''} (${active} de ${period} dias)`,
    span: (label: string, from: string, to: string) => `${label}, ${from} a ${to}`,
    granted: (label: string, free: string, grant: string) => `${label} (${free} de ${grant} da franquia)`,
    packages: (label: string, q: string, n: string, size: string) => `${label} (${q} em ${n} pacotes de ${size})`,
    flatFee: (label: string) => `${label} (taxa fixa)`,
    tier: (label: string, i: number, lower: string, upTo: string | null) => `${label} (faixa ${i}: ${upTo === null ? `acima de ${lower}` : `${lower} a ${upTo}`})`,
    tierFlatFee: (label: string, i: number) => `${label} (taxa fixa da faixa ${i})`,
    commitmentCredit: (available: string) => `Crédito de compromisso mínimo acumulado (${available} disponíveis)`,
    commitment: (commitment: string, charged: string) => `Compromisso mínimo de ${commitment} (uso cobrado: ${charged})`,
  },
  en: {
    coupon: (code: string, percent: string) => `Coupon ${code}: ${percent}% off`,
    shipping: 'Shipping',
    fee: (product: string, cycle: string, from: string, to: string) => `${product} (${cycle}), ${from} to ${to}`,
    prepaid: (product: string, cycle: string, from: string, to: string) => `${product}: prepaid credit (${cycle}), ${from} to ${to}`,
    prorationOpening: { time: 'Time on', unused: 'Unused time on', paused: 'Paused time on' },
    prorationTail: (from: string, to: string, paused: string | null, active: string, period: string) =>
      `, ${from} to ${to}${paused ? `, less ${paused} days paused` : ''} (${active} of ${period} days)`,
    span: (label: string, from: string, to: string) => `${label}, ${from} to ${to}`,
    granted: (label: string, free: string, grant: string) => `${label} (${free} of ${grant} granted)`,
    packages: (label: string, q: string, n: string, size: string) => `${label} (${q} in ${n} packages of ${size})`,
    flatFee: (label: string) => `${label} (flat fee)`,
    tier: (label: string, i: number, lower: string, upTo: string | null) => `${label} (tier ${i}: ${upTo === null ? `above ${lower}` : `${lower} to ${upTo}`})`,
    tierFlatFee: (label: string, i: number) => `${label} (tier ${i} flat fee)`,
    commitmentCredit: (available: string) => `Commitment credit carried over (${available} available)`,
    commitment: (commitment: string, charged: string) => `Minimum commitment of ${commitment} (usage charged ${charged})`,
  },
} as const;

/** The words of service-written invoice lines in one locale. */
export function lineText(locale: Locale) {
  const w = WORDS[locale];
  const day = (date: Date) => lineDay(date, locale);
  return {
    ...w,
    /** "Plano (mensal), 01/03/2026 a 01/04/2026" */
    recurringFee: (product: string, cycle: Cycle, from: Date, to: Date) => w.fee(product, CYCLES[locale][cycle], day(from), day(to)),
    prepaidCredit: (product: string, cycle: Cycle, from: Date, to: Date) => w.prepaid(product, CYCLES[locale][cycle], day(from), day(to)),
    proration: (p: ProrationText) => `${w.prorationOpening[p.kind]} ${p.product}${w.prorationTail(day(p.from), day(p.to), p.pausedDays, p.activeDays, p.periodDays)}`,
    money: (amount: string, currency: string) => formatAmount(amount, currency, locale),
  };
}
