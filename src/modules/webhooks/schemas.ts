import { Type } from '@sinclair/typebox';
import { DateTime, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';
import { ALL_EVENTS, EVENT_KINDS } from './event-kinds.ts';

const Url = Type.String({
  format: 'uri',
  maxLength: 2048,
  description: 'Where events are POSTed. https, and a public address, unless the service allows private targets (development).',
});
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: `Event kinds to receive, or "${ALL_EVENTS}" for all. Known kinds: ${EVENT_KINDS.join(', ')}.`,
});
const Description = Nullable(Type.String({ maxLength: 500 }));

export const EndpointParams = Type.Object({ endpointID: Uuid() });
export const DeliveryParams = Type.Object({ endpointID: Uuid(), deliveryID: Uuid() });

export const CreateEndpointBody = Type.Object({ url: Url, events: Events, description: Type.Optional(Description) }, { additionalProperties: false });
export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    isActive: Type.Optional(Type.Boolean({ description: 'false stops deliveries (pending ones fail); true turns a disabled endpoint back on.' })),
  },
  { additionalProperties: false },
);

const endpointFields = {
  id: Uuid(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  disabledReason: Nullable(Type.String({ description: '`gone` (the endpoint answered 410) or `failing` (three days of failures); null otherwise.' })),
  slowLaneUntil: Nullable(
    DateTime({
      description:
        'Set while the endpoint is in the slow lane: after 5 failed attempts in a row over 10 s or more, its deliveries wait until then, when one of them probes it (a success ends the lane, a failure extends it by 60 s). Null when deliveries go as they come.',
    }),
  ),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};

export const Endpoint = Type.Object(endpointFields, { title: 'WebhookEndpoint' });
export const EndpointWithSecret = Type.Object(
  { ...endpointFields, secret: Type.String({ description: 'Signing secret (whsec_ + base64). Shown only in this answer.' }) },
  { title: 'WebhookEndpointWithSecret' },
);
export const EndpointList = Type.Object({ webhooks: Type.Array(Endpoint), nextCursor: Nullable(Type.String()) });

const Attempt = Type.Object({
  attempt: Type.Integer({ description: 'Attempt number, from 1.' }),
  status: Nullable(Type.Integer({ description: 'HTTP status answered; null when no answer arrived.' })),
  error: Nullable(Type.String({ description: 'Why no answer arrived (timeout, refused address, connection error).' })),
  durationMs: Type.Integer(),
  responseBody: Nullable(Type.String({ description: 'At most 64 kB of the answer.' })),
  attemptedAt: DateTime(),
});

export const Delivery = Type.Object(
  {
    id: Uuid(),
    endpointId: Uuid(),
    eventId: Uuid({ description: 'Also the webhook-id header: the same on every attempt.' }),
    eventType: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attemptCount: Type.Integer(),
    nextAttemptAt: Nullable(DateTime({ description: 'When the next attempt is due (pending only).' })),
    deliveredAt: Nullable(DateTime()),
    createdAt: DateTime(),
    attempts: Type.Array(Attempt),
  },
  { title: 'WebhookDelivery' },
);
export const DeliveryList = Type.Object({ deliveries: Type.Array(Delivery), nextCursor: Nullable(Type.String()) });
export const DeliveryListQuery = Type.Object(
  { ...ListQuery.properties, status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')])) },
  { additionalProperties: false },
);
