// The storefront's logo from the browser (issue #32: "Storefronts (edit theme, logo, ...)"): a
// multipart form with one image file posts to POST /dashboard/storefronts/:storefrontID/logo. The
// dashboard then does what an API client does, through the API's own routes as the member: it
// presigns an image upload (POST /catalog/images/presign), PUTs the bytes to the URL it got (this
// service's signed object route, or the bucket's URL), and sets the storefront's logoObjectKey
// (PATCH /storefronts/{id}). So type and size rules, sealing, idempotency, events and the audit log
// are the API's. Multipart is parsed in this route's own scope only (@fastify/multipart), bounded
// by the image size limit; CSRF, then the role, are checked before anything is written.
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { callApi, formIdempotencyKey } from './api-call.ts';
import { errorView } from './catalog-page.ts';
import { actionResponses, tags, withCatalogPowers, type CatalogMember } from './catalog-pages.ts';
import { renderCatalogMessage } from './catalog-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { formConfig } from './members-forms.ts';
import { formSignedIn, isSignedIn } from './signed-in.ts';
import type { Refusal } from './storefronts-page.ts';
import { STOREFRONTS_TEXT } from './storefronts-page.text.ts';

const Params = Type.Object({ storefrontID: Type.String({ maxLength: 100 }) });

/** The form's file, read whole (bounded), and its text fields. */
interface LogoForm {
  fields: Record<string, string>;
  file: { bytes: Buffer; contentType: string; fileName: string } | null;
  tooLarge: boolean;
}

interface Presigned {
  objectKey: string;
  uploadUrl: string;
  headers: Record<string, string>;
}

type EditPage = (request: FastifyRequest, reply: FastifyReply, who: CatalogMember, id: string, refusal?: Refusal) => Promise<FastifyReply>;

export function registerStorefrontLogoRoutes(scope: App, kit: DashboardKit, editPage: EditPage): void {
  const maxBytes = kit.deps.objectStore.policy.maxBytes.image;
  scope.register(async (inner) => {
    await inner.register(multipart, { limits: { files: 1, fileSize: maxBytes, fields: 4, fieldSize: 200, parts: 5 } });
    inner.withTypeProvider<TypeBoxTypeProvider>().post(
      '/dashboard/storefronts/:storefrontID/logo',
      {
        config: formConfig,
        schema: {
          tags,
          summary: "Upload a storefront's logo",
          description:
            'multipart/form-data: fields csrf and idempotencyKey, then the image file `logo` (PNG, JPEG, WebP, GIF or AVIF; no SVG). Presigns, uploads and PATCHes the storefront\'s ' +
            "logoObjectKey through the API's routes as the member; a refusal (type, size) comes back on the storefront's page with its status.",
          params: Params,
          response: { ...actionResponses("Done: to the storefront's page"), 413: htmlResponse('The file is larger than the image limit: the page again with its message.'), ...errorResponses(422) },
        },
      },
      async (request, reply) => {
        const form = await readLogoForm(request);
        // CSRF and the session read the text fields, as on every other dashboard form.
        request.body = form.fields;
        const signedIn = await formSignedIn(kit, request, reply);
        if (!isSignedIn(signedIn)) return signedIn;
        const who = withCatalogPowers(signedIn);
        const locale = kit.locale(request);
        if (!who.canEdit) return kit.page(reply, 403, locale, renderCatalogMessage(locale, who.layout, 'forbidden'));
        const id = request.params.storefrontID;
        const refuse = (status: number, body: unknown) => editPage(request, reply, who, id, { status, error: errorView(locale, status, body) });
        const text = STOREFRONTS_TEXT[locale];
        if (form.tooLarge) return refuse(413, { message: text.logoTooLarge.replace('{limit}', new Intl.NumberFormat(locale).format(maxBytes / 1_048_576)) });
        if (!form.file || form.file.bytes.length === 0) return refuse(422, { message: text.logoMissing });

        // One form key, three writes: each its own key derived from it, so a double submit replays all three.
        const key = form.fields.idempotencyKey || formIdempotencyKey();
        const presign = await callApi<Presigned>(kit, who.session, {
          method: 'POST',
          url: '/catalog/images/presign',
          body: { contentType: form.file.contentType, fileName: form.file.fileName, purpose: 'image' },
          idempotencyKey: `${key}-presign`,
        });
        if (presign.status === 404) return refuse(404, presign.body);
        if (presign.status !== 201) return refuse(presign.status, presign.body);
        const upload = await putBytes(kit, presign.body, form.file.bytes);
        // 409: the object is sealed, used already by this same form's earlier submit: its PATCH replays below.
        if (upload.status >= 400 && upload.status !== 409) return refuse(upload.status, upload.body);
        const saved = await callApi<{ id: string }>(kit, who.session, {
          method: 'PATCH',
          url: `/storefronts/${encodeURIComponent(id)}`,
          body: { logoObjectKey: presign.body.objectKey },
          idempotencyKey: `${key}-logo`,
        });
        if (saved.status === 200) return reply.redirect(`/dashboard/storefronts/${saved.body.id}`, 303);
        if (saved.status >= 500) throw new Error(`PATCH /storefronts/${id} answered ${saved.status}`);
        return refuse(saved.status, saved.body);
      },
    );
  });
}

async function readLogoForm(request: FastifyRequest): Promise<LogoForm> {
  const form: LogoForm = { fields: {}, file: null, tooLarge: false };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'logo' && form.file === null) {
        form.file = { bytes: await part.toBuffer(), contentType: part.mimetype, fileName: part.filename || 'logo' };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') form.tooLarge = true;
    else throw error;
  }
  return form;
}

/** PUTs the bytes where the presign said: this service's signed route in process, or the bucket. */
async function putBytes(kit: DashboardKit, presigned: Presigned, bytes: Buffer): Promise<{ status: number; body: unknown }> {
  const url = new URL(presigned.uploadUrl);
  if (url.origin === new URL(kit.deps.config.baseUrl).origin) {
    const answer = await kit.app.inject({ method: 'PUT', url: url.pathname + url.search, headers: presigned.headers, payload: bytes });
    return { status: answer.statusCode, body: answer.body === '' ? null : JSON.parse(answer.body) };
  }
  const answer = await fetch(url, { method: 'PUT', headers: presigned.headers, body: new Uint8Array(bytes) });
  return { status: answer.status, body: await answer.json().catch(() => null) };
}
