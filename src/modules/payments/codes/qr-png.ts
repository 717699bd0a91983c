// The Pix QR: a PNG of the BR Code, base64 without a data: prefix. The `qrcode` library encodes
// the symbol (error correction M, the BR Code manual's recommendation); `fast-png` writes it as a
// 1-bit grayscale PNG, 5 pixels a module with a 2-module quiet zone, as small as the image can be.
//
// Why 1 bit a pixel (issue #30): pngjs (and qrcode's own writer, which uses it) write 8 bits or more
// a pixel and try all five row filters, which was 2.0 ms of a charge's CPU and 3.1 kB of base64
// written three times per charge (the payment row, the `payment.created` event, the idempotency
// record: each past PostgreSQL's 2 kB TOAST threshold). One bit a pixel is about 1.3 kB.
import { encode } from 'fast-png';
import QRCode from 'qrcode';

const SCALE = 5;
const MARGIN = 2;

export async function qrPngBase64(text: string): Promise<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const side = (count + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  // Packed rows, most significant bit first; bit 1 is white: start all white, clear the dark modules.
  const pixels = new Uint8Array(rowBytes * side).fill(0xff);
  for (let y = 0; y < count; y += 1) {
    const top = (y + MARGIN) * SCALE;
    const row = pixels.subarray(top * rowBytes, (top + 1) * rowBytes);
    for (let x = 0; x < count; x += 1) {
      if (!modules.get(y, x)) continue;
      const left = (x + MARGIN) * SCALE;
      for (let px = left; px < left + SCALE; px += 1) row[px >> 3]! &= ~(0x80 >> (px & 7));
    }
    // The module's other pixel rows are copies of its first.
    for (let copy = 1; copy < SCALE; copy += 1) pixels.copyWithin((top + copy) * rowBytes, top * rowBytes, (top + 1) * rowBytes);
  }
  return Buffer.from(encode({ width: side, height: side, data: pixels, channels: 1, depth: 1 })).toString('base64');
}
