// The parts of boleto-brasileiro-validator (tests only) the tests use; the package ships no types.
declare module 'boleto-brasileiro-validator' {
  const validator: {
    boletoBancarioLinhaDigitavel(line: string): boolean;
    boletoBancarioCodigoBarras(barcode: string): boolean;
  };
  export default validator;
}
