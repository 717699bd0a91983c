// The door of modules/email: the only file other areas import (docs/ARCHITECTURE.md).
export { registerEmailRoutes } from './routes.ts';
export { compileEmailTemplate, createMailer, emailJobHandler, queueEmail, queueEmails } from './service.ts';
export { type EmailTables } from './tables.ts';
