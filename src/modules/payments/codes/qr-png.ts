// The Pix QR: a PNG of the BR Code, base64 without a data: prefix. The `qrcode` library encodes
// the symbol (error correction M, the BR Code manual's recommendation); the PNG is 1-bit
// grayscale, 5 pixels a module with a 2-module quiet zone, as small as the image can be.
//
// Why the PNG is framed here rather than by a library: pngjs (and qrcode's own writer, which uses
// it) write 8 bits or more a pixel and pick each row's filter by trying all five, which was 2.0 ms
// of a charge's CPU and 3.1 kB of base64 written three times per charge (the payment row, the
// `payment.created` event, the idempotency record: each past PostgreSQL's 2 kB TOAST threshold).
// One bit a pixel, each module row written once and then repeated with the PNG "Up" filter (a row
// of zeros), is about 0.3 ms and 1.2 kB of base64 (issue #30). The format parts are the standard's
// (signature, IHDR, one IDAT of zlib data, IEND, each chunk with its CRC-32); zlib does the work.
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

const SCALE = 5;
const MARGIN = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILTER_NONE = 0;
const FILTER_UP = 2;
const GRAYSCALE = 0;

export async function qrPngBase64(text: string): Promise<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const side = (count + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  const stride = rowBytes + 1; // each scanline starts with its filter type
  // Bit 1 is white (grayscale 1-bit): start all white, clear the dark modules' bits.
  const lightRow = Buffer.alloc(rowBytes, 0xff);
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y += 1) {
    const line = y * stride;
    const moduleY = Math.floor(y / SCALE) - MARGIN;
    if (y % SCALE !== 0) {
      raw[line] = FILTER_UP; // the same pixels as the row above: all zeros after the filter
      continue;
    }
    raw[line] = FILTER_NONE;
    lightRow.copy(raw, line + 1);
    if (moduleY < 0 || moduleY >= count) continue;
    for (let x = 0; x < count; x += 1) {
      if (!modules.get(moduleY, x)) continue;
      const left = (x + MARGIN) * SCALE;
      for (let px = left; px < left + SCALE; px += 1) raw[line + 1 + (px >> 3)]! &= ~(0x80 >> (px & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = GRAYSCALE; // color type; compression, filter method and interlace stay 0
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]).toString('base64');
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
