// The front page's words, in pt-BR (the default) and English. Commands stay as they are typed.
export const HOME_PAGE_TEXT = {
  'pt-BR': {
    title: 'Serviço de cobrança',
    lead: 'O serviço está no ar. Ele responde JSON por HTTP; cada chamada leva uma chave de API no cabeçalho Authorization.',
    links: 'Referência',
    docs: 'Referência da API',
    docsNote: 'cada rota, seus campos e erros; dá para testar direto no navegador',
    openapi: 'Documento OpenAPI',
    openapiNote: 'para gerar clientes',
    health: 'Estado do serviço',
    quickStart: 'Primeiros passos',
    keyStep:
      'Use uma chave secreta da sua conta (sk_test_... no ambiente de testes). No banco embutido, a primeira partida mostrou uma no terminal e guardou todas as chaves da conta de desenvolvimento em dev-account.json, na pasta DATA_DIR (./data).',
    whoAmI: 'Quem sou eu: a conta da chave.',
    write: 'Toda escrita leva um Idempotency-Key; repetir a chamada com a mesma chave devolve a primeira resposta.',
    more: 'O guia rápido do README.md continua daqui: produtos, uso, faturas e pagamentos.',
  },
  en: {
    title: 'Billing service',
    lead: 'The service is running. It answers JSON over HTTP; every call carries an API key in the Authorization header.',
    links: 'Reference',
    docs: 'API reference',
    docsNote: 'every route, its fields and errors; try them from the browser',
    openapi: 'OpenAPI document',
    openapiNote: 'to generate clients',
    health: 'Service status',
    quickStart: 'Quick start',
    keyStep:
      'Use a secret key of your account (sk_test_... for the sandbox). On the embedded database, the first start printed one in the terminal and kept every key of the development account in dev-account.json, in the DATA_DIR folder (./data).',
    whoAmI: 'Who am I: the account of the key.',
    write: 'Every write carries an Idempotency-Key; repeating a call with the same key returns the first answer.',
    more: "The README.md's quick start goes on from here: products, usage, invoices and payments.",
  },
} as const;
