// The door of modules/events: the only file other areas import (docs/ARCHITECTURE.md).
export {
  getEvent,
  listEvents,
  onEventRecorded,
  recordEvent,
  recordEvents,
  recordedAfter,
  type EventView,
  type RecordedEvent,
  type RecordOptions,
} from './service.ts';
export { registerEventRoutes } from './routes.ts';
export { type EventTables } from './tables.ts';
