// The boleto's barcode image: Interleaved 2 of 5 of the 44 digits, rendered by bwip-js as a PNG.
import bwipjs from 'bwip-js';

export async function itfBarcodePngBase64(barcode44: string): Promise<string> {
  if (!/^[0-9]{44}$/.test(barcode44)) throw new Error('a boleto barcode has 44 digits');
  const png = await bwipjs.toBuffer({ bcid: 'interleaved2of5', text: barcode44, scale: 2, height: 13, includetext: false });
  return png.toString('base64');
}
