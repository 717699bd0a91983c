// A small stateful PSP for the tests, answering what the Pix API standard's document describes after
// the validating mock accepted the request: OAuth tokens, cob/cobv, Pix received, devoluções,
// webhooks, and Pix Automático's rec/solicrec/cobr. Tests drive the payer's side (pay, refuse).
import type { MockAnswer, MockRequest } from '../../../../../test/processor-mocks/validating-mock.ts';

type Json = Record<string, unknown>;

export interface FakePsp {
  handle(request: MockRequest): Promise<MockAnswer>;
  clientId: string;
  clientSecret: string;
  tokensIssued: number;
  /** Answers the next matching requests with this instead (5xx, a refusal). */
  override: ((request: MockRequest) => MockAnswer | null) | null;
  delayMs: number;
  /**
   * Called once a request is done, before its answer leaves: a test parks calls here (the PSP made
   * the object, the service has not heard yet), or answers something else (a 5xx after the write),
   * as a lost answer or a crash before the record.
   */
  hold: ((request: MockRequest) => Promise<MockAnswer | void>) | null;
  /** Status a new devolução starts with. */
  refundStatus: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  charges: Map<string, { kind: 'cob' | 'cobv'; cob: Json }>;
  recurrences: Map<string, Json>;
  solicitations: Map<string, Json>;
  recurringCharges: Map<string, Json>;
  webhooks: Map<string, string>;
  /** The payer pays a charge: it becomes CONCLUIDA with one Pix; answers the endToEndId. */
  pay(txid: string, valor?: string): string;
  /** The payer's side writes a devolução of its own (MED) or the PSP settles one. */
  addDevolucao(txid: string, devolucao: Json): void;
  /** The payer's bank debits a recurring charge on its due date: CONCLUIDA with one Pix; answers the endToEndId. */
  payRecurring(txid: string): string;
  /** The payer approves a recurrence in their bank's app (APROVADA), or revokes it afterwards (CANCELADA by the payer). */
  approveRecurrence(idRec: string): void;
  revokeRecurrence(idRec: string): void;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let sequence = 0;

function serial(length: number): string {
  sequence += 1;
  let n = sequence;
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALNUM[n % ALNUM.length] + out;
    n = Math.floor(n / ALNUM.length);
  }
  return out;
}

function yyyymmdd(date = new Date()): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

const problem = (status: number, type: string, title: string): MockAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail: title },
});

export function createFakePsp(): FakePsp {
  const tokens = new Set<string>();
  /** Every Pix received, on immediate, due-date and recurring charges. */
  const receivedPix = (): Json[] => [...[...psp.charges.values()].map((c) => c.cob), ...psp.recurringCharges.values()].flatMap((c) => (c.pix as Json[] | undefined) ?? []);
  const psp: FakePsp = {
    clientId: 'client-id-1',
    clientSecret: 'client-secret-1',
    tokensIssued: 0,
    override: null,
    delayMs: 0,
    hold: null,
    refundStatus: 'EM_PROCESSAMENTO',
    charges: new Map(),
    recurrences: new Map(),
    solicitations: new Map(),
    recurringCharges: new Map(),
    webhooks: new Map(),
    pay(txid, valor) {
      const charge = psp.charges.get(txid);
      if (!charge) throw new Error(`no charge ${txid}`);
      const endToEndId = `E12345678${yyyymmdd()}1200${serial(11)}`.slice(0, 32);
      const amount = valor ?? (charge.cob.valor as { original: string }).original;
      charge.cob.status = 'CONCLUIDA';
      charge.cob.pix = [{ endToEndId, txid, valor: amount, horario: new Date().toISOString(), devolucoes: [] }];
      return endToEndId;
    },
    payRecurring(txid) {
      const cobr = psp.recurringCharges.get(txid);
      if (!cobr) throw new Error(`no recurring charge ${txid}`);
      const endToEndId = `E12345678${yyyymmdd()}1200${serial(11)}`.slice(0, 32);
      cobr.status = 'CONCLUIDA';
      cobr.pix = [{ endToEndId, txid, valor: (cobr.valor as { original: string }).original, horario: new Date().toISOString(), devolucoes: [] }];
      (cobr.atualizacao as Json[]).push({ status: 'CONCLUIDA', data: new Date().toISOString() });
      return endToEndId;
    },
    approveRecurrence(idRec) {
      const rec = psp.recurrences.get(idRec);
      if (!rec) throw new Error(`no recurrence ${idRec}`);
      rec.status = 'APROVADA';
      (rec.atualizacao as Json[]).push({ status: 'APROVADA', data: new Date().toISOString() });
    },
    revokeRecurrence(idRec) {
      const rec = psp.recurrences.get(idRec);
      if (!rec) throw new Error(`no recurrence ${idRec}`);
      rec.status = 'CANCELADA';
      rec.encerramento = { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'SLDB', descricao: 'Cancelada pelo pagador' } };
      (rec.atualizacao as Json[]).push({ status: 'CANCELADA', data: new Date().toISOString() });
    },
    addDevolucao(txid, devolucao) {
      const pix = (psp.charges.get(txid)?.cob.pix as Json[] | undefined)?.[0];
      if (!pix) throw new Error(`no pix on ${txid}`);
      (pix.devolucoes as Json[]).push(devolucao);
    },
    async handle(request) {
      const answer = await respond(request);
      return (await psp.hold?.(request)) ?? answer;
    },
  };
  async function respond(request: MockRequest): Promise<MockAnswer> {
    if (psp.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, psp.delayMs));
    const overridden = psp.override?.(request);
    if (overridden) return overridden;
    const { method, path } = request;
    if (method === 'POST' && path === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString('base64')}`;
      const form = request.body as { grant_type?: string } | undefined;
      if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
      if (form?.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
      psp.tokensIssued += 1;
      const token = `token-${serial(8)}`;
      tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read' } };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return problem(401, 'NaoAutorizado', 'Token inválido');
    const body = (request.body ?? {}) as Json;
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const [resource, id, sub, subId] = segments;

    if ((resource === 'cob' || resource === 'cobv') && id) {
      const existing = psp.charges.get(id);
      if (method === 'PUT') {
        if (existing) return problem(400, 'CobOperacaoInvalida', 'O txid informado já está em uso.');
        const cob: Json = {
          ...body,
          txid: id,
          revisao: 0,
          status: 'ATIVA',
          calendario: { ...(body.calendario as Json), criacao: new Date().toISOString() },
          loc: { id: sequence, location: `pix.example.com/qr/v2/${serial(10)}`, tipoCob: resource, criacao: new Date().toISOString() },
          pixCopiaECola: `00020101021226830014br.gov.bcb.pix2561pix.example.com/qr/v2/${id}5204000053039865802BR6304ABCD`,
        };
        psp.charges.set(id, { kind: resource, cob });
        return { status: 201, body: cob };
      }
      if (method === 'GET') return existing && existing.kind === resource ? { status: 200, body: existing.cob } : problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada');
    }
    if (resource === 'pix' && id && sub === 'devolucao' && subId && method === 'PUT') {
      const pix = receivedPix().find((p) => p.endToEndId === id);
      if (!pix) return problem(404, 'PixNaoEncontrado', 'Pix não encontrado');
      const devolucoes = pix.devolucoes as Json[];
      const known = devolucoes.find((d) => d.id === subId);
      if (known) return { status: 201, body: known };
      const devolucao = { id: subId, rtrId: `D12345678${yyyymmdd()}1200${serial(11)}`.slice(0, 32), valor: body.valor, natureza: 'ORIGINAL', horario: { solicitacao: new Date().toISOString() }, status: psp.refundStatus };
      devolucoes.push(devolucao);
      return { status: 201, body: devolucao };
    }
    if (resource === 'pix' && id && !sub && method === 'GET') {
      const pix = receivedPix().find((p) => p.endToEndId === id);
      return pix ? { status: 200, body: pix } : problem(404, 'PixNaoEncontrado', 'Pix não encontrado');
    }
    if (resource === 'webhook' && id) {
      if (method === 'PUT') {
        psp.webhooks.set(id, String(body.webhookUrl));
        return { status: 200 };
      }
      if (method === 'GET') {
        const url = psp.webhooks.get(id);
        return url ? { status: 200, body: { webhookUrl: url, chave: id, criacao: new Date().toISOString() } } : problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado');
      }
    }
    if ((resource === 'webhookrec' || resource === 'webhookcobr') && method === 'PUT') {
      psp.webhooks.set(resource, String(body.webhookUrl));
      return { status: 200 };
    }
    if (resource === 'rec') {
      if (method === 'GET' && !id) {
        // The payer's recurrences (by CPF or CNPJ); the fake keeps no creation window.
        const document = request.query.cpf ?? request.query.cnpj;
        const recs = [...psp.recurrences.values()].filter((rec) => {
          const devedor = (rec.vinculo as { devedor?: Json } | undefined)?.devedor ?? {};
          return document === undefined || devedor.cpf === document || devedor.cnpj === document;
        });
        const paginacao = { paginaAtual: 0, itensPorPagina: 1000, quantidadeDePaginas: 1, quantidadeTotalDeItens: recs.length };
        return { status: 200, body: { parametros: { inicio: request.query.inicio, fim: request.query.fim, paginacao }, recs } };
      }
      if (method === 'POST' && !id) {
        const politica = body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
        const idRec = `R${politica}12345678${yyyymmdd()}${serial(11)}`;
        const rec: Json = { ...body, idRec, status: 'CRIADA', recebedor: { cnpj: '12345678000195', nome: 'Loja', ispbParticipante: '12345678' }, atualizacao: [{ status: 'CRIADA', data: new Date().toISOString() }], dadosQR: { jornada: 'JORNADA_2', pixCopiaECola: `00020101rec${idRec}` } };
        psp.recurrences.set(idRec, rec);
        return { status: 201, body: rec };
      }
      const rec = id ? psp.recurrences.get(id) : undefined;
      if (!rec) return problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada');
      if (method === 'GET') return { status: 200, body: rec };
      if (method === 'PATCH' && body.status === 'CANCELADA') {
        rec.status = 'CANCELADA';
        rec.encerramento = { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo recebedor' } };
        (rec.atualizacao as Json[]).push({ status: 'CANCELADA', data: new Date().toISOString() });
        return { status: 200, body: rec };
      }
    }
    if (resource === 'solicrec') {
      if (method === 'POST' && !id) {
        if (!psp.recurrences.has(String(body.idRec))) return problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada');
        const idSolicRec = `SC12345678${yyyymmdd()}${serial(11)}`;
        const solicitation: Json = { ...body, idSolicRec, status: 'CRIADA', atualizacao: [{ status: 'CRIADA', data: new Date().toISOString() }] };
        psp.solicitations.set(idSolicRec, solicitation);
        return { status: 201, body: solicitation };
      }
      const solicitation = id ? psp.solicitations.get(id) : undefined;
      if (method === 'GET') return solicitation ? { status: 200, body: solicitation } : problem(404, 'SolicRecNaoEncontrada', 'Solicitação não encontrada');
    }
    if (resource === 'cobr' && id) {
      const existing = psp.recurringCharges.get(id);
      if (method === 'PUT') {
        if (existing) return problem(400, 'CobROperacaoInvalida', 'O campo cobr.txid encontra-se em uso.');
        if (!psp.recurrences.has(String(body.idRec))) return problem(404, 'RecNaoEncontrada', 'Recorrência não encontrada');
        const cobr: Json = { ...body, txid: id, status: 'CRIADA', politicaRetentativa: 'NAO_PERMITE', atualizacao: [{ status: 'CRIADA', data: new Date().toISOString() }] };
        psp.recurringCharges.set(id, cobr);
        return { status: 201, body: cobr };
      }
      if (method === 'GET') return existing ? { status: 200, body: existing } : problem(404, 'CobRNaoEncontrada', 'Cobrança recorrente não encontrada');
    }
    return problem(404, 'NaoEncontrado', `fake PSP has no ${method} ${path}`);
  }
  return psp;
}
