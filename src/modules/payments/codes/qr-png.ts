// The Pix QR: a PNG of the BR Code, base64 without a data: prefix. Encoded by the `qrcode` library
// with error correction M (the BR Code manual's recommendation) and byte mode.
import QRCode from 'qrcode';

export async function qrPngBase64(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 5 });
  return png.toString('base64');
}
