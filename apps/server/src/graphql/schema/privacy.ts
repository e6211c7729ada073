import { isUrlLanguage } from '@probe/domain';
import { verifyPassword } from '../../identity/passwords.ts';
import { requestErasure, requestExport, signInPasswordHash, userDataRequests, type DataRequest } from '../../modules/privacy/index.ts';
import { builder } from '../builder.ts';
import { catalogueLanguage, LanguageCodeEnum } from '../language-code.ts';
import { limitMisses } from '../limits.ts';
import { signedIn, User } from './accounts.ts';

const DATA_REQUEST_ERROR_CODES = ['WRONG_PASSWORD', 'REAUTHENTICATION_UNAVAILABLE', 'LAST_ADMIN', 'STAFF_ACCOUNT', 'NOT_FOUND'] as const;
type DataRequestErrorCode = (typeof DATA_REQUEST_ERROR_CODES)[number];
interface DataRequestError { field: string | null; code: DataRequestErrorCode; message: string }

const DataRequestKindEnum = builder.enumType('DataRequestKind', { values: ['EXPORT', 'ERASURE'] as const });
const DataRequestStateEnum = builder.enumType('DataRequestState', { values: ['PENDING', 'RUNNING', 'DONE', 'REFUSED'] as const });
const DataRequestErrorCodeEnum = builder.enumType('DataRequestErrorCode', { values: DATA_REQUEST_ERROR_CODES });

const DataRequestRef = builder.objectRef<DataRequest>('DataRequest').implement({
  description: 'A request about the user\'s personal data (GDPR art. 15/20 export, art. 17 erasure) and how far it is.',
  fields: (t) => ({
    kind: t.field({ type: DataRequestKindEnum, resolve: (r) => r.kind as 'EXPORT' | 'ERASURE' }),
    state: t.field({ type: DataRequestStateEnum, resolve: (r) => r.state as 'PENDING' | 'RUNNING' | 'DONE' | 'REFUSED' }),
    createdAt: t.string({ description: 'ISO date-time', resolve: (r) => r.createdAt.toISOString() }),
    finishedAt: t.string({ nullable: true, description: 'ISO date-time', resolve: (r) => r.finishedAt?.toISOString() ?? null }),
    linkExpiresAt: t.string({ nullable: true, description: 'An export: until when the e-mailed download link works (ISO date-time).', resolve: (r) => r.downloadExpiresAt?.toISOString() ?? null }),
  }),
});

const DataRequestErrorRef = builder.objectRef<DataRequestError>('DataRequestError').implement({
  description: 'A refused data request: the field, a message (what must happen first), and the code the storefront translates.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.field({ type: DataRequestErrorCodeEnum, resolve: (e) => e.code }),
  }),
});

const DataRequestPayload = builder.objectRef<{ request: DataRequest | null; errors: DataRequestError[] }>('DataRequestPayload').implement({
  fields: (t) => ({
    request: t.field({ type: DataRequestRef, nullable: true, resolve: (p) => p.request }),
    errors: t.field({ type: [DataRequestErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.objectField(User, 'dataRequests', (t) => t.field({
  type: [DataRequestRef],
  description: 'The user\'s data requests (export, erasure), newest first.',
  resolve: (u, _args, ctx) => userDataRequests(ctx.db, u.id),
}));

const PASSWORD_MAX = 200;

builder.mutationFields((t) => ({
  dataExportRequest: t.field({
    type: DataRequestPayload,
    description: 'The signed-in user asks for their data (GDPR art. 15/20): an archive is built and a download link e-mailed to them in this language. A request while one is pending is that one.',
    args: { languageCode: t.arg({ type: LanguageCodeEnum, required: true }) },
    resolve: async (_root, { languageCode }, ctx) => {
      const user = await signedIn(ctx);
      const language = catalogueLanguage(languageCode);
      const request = await requestExport(ctx.db, { userId: user.id, language: isUrlLanguage(language) ? language : 'en', source: 'USER' });
      return { request, errors: [] };
    },
  }),
  accountErasureRequest: t.field({
    type: DataRequestPayload,
    description: 'The signed-in user asks for their account and personal data to be erased (GDPR art. 17), confirming with their password. Refused with what must happen first when they are the last admin of an organization with a live subscription (LAST_ADMIN). Wrong passwords count on the address\'s misses (429 over the limit).',
    args: { password: t.arg.string({ required: true }) },
    resolve: async (_root, { password }, ctx) => {
      const user = await signedIn(ctx);
      const hash = await signInPasswordHash(ctx.db, user.id);
      if (!hash) {
        return { request: null, errors: [{ field: null, code: 'REAUTHENTICATION_UNAVAILABLE' as const, message: 'This account signs in elsewhere: ask the store to erase it.' }] };
      }
      const confirmed = await limitMisses(ctx.limits.tokenMisses, ctx.requester().clientIp, async () => (password.length <= PASSWORD_MAX && (await verifyPassword(password, hash)) ? true : null));
      if (!confirmed) return { request: null, errors: [{ field: 'password', code: 'WRONG_PASSWORD' as const, message: 'The password is not right.' }] };
      const { request, error } = await requestErasure(ctx.db, { userId: user.id, source: 'USER' });
      return { request, errors: error ? [{ field: null, code: error.code, message: error.message }] : [] };
    },
  }),
}));
