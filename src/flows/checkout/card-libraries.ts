// The browser libraries of the card processors, which the hosted invoice page loads when a live
// processor serves card: the card number never reaches this service, the processor's own form
// takes it (PCI scope stays with the processor). Each library's origins are exactly what its
// documentation asks the Content-Security-Policy to allow, and nothing else.
//   processor_b: Stripe.js v3, from js.stripe.com only (Stripe forbids self-hosting it).
//   processor_a: Adyen Web 5 (Drop-in/Components with a Checkout session), from the Checkout
//     shopper host of the connection's region (checkoutshopper-{environment}.adyen.com).
import type { CardForm } from '../../modules/payments/index.ts';

export const PROCESSOR_A_WEB_VERSION = '5.72.0';

export interface CardLibrary {
  /** Scripts the page loads (with the answer's nonce), in order. */
  scripts: string[];
  /** Stylesheets the page links. */
  styles: string[];
  /** Origins to add to the page's CSP, by directive. */
  csp: { scriptSrc: string[]; styleSrc: string[]; frameSrc: string[]; connectSrc: string[]; imgSrc: string[] };
}

export function cardLibraryOf(form: CardForm | null): CardLibrary | null {
  if (!form || form.kind === 'sandbox') return null;
  if (form.kind === 'processor_b') {
    return {
      scripts: ['https://js.stripe.com/v3/'],
      styles: [],
      csp: {
        scriptSrc: ['https://js.stripe.com'],
        styleSrc: [],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ['https://api.stripe.com'],
        imgSrc: ['https://*.stripe.com'],
      },
    };
  }
  const origin = `https://checkoutshopper-${form.environment}.adyen.com`;
  const base = `${origin}/checkoutshopper/sdk/${PROCESSOR_A_WEB_VERSION}`;
  return {
    scripts: [`${base}/adyen.js`],
    styles: [`${base}/adyen.css`],
    csp: { scriptSrc: [origin], styleSrc: [origin], frameSrc: [origin], connectSrc: [origin], imgSrc: [origin] },
  };
}
