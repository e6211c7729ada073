import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import { DATA_CONFIG } from './config.ts';

/** Paths of every File or Blob in the variables, as the GraphQL multipart request spec names them. */
function findFiles(value: unknown, path = 'variables', found: Array<{ path: string; file: Blob }> = []): Array<{ path: string; file: Blob }> {
  if (typeof Blob !== 'undefined' && value instanceof Blob) found.push({ path, file: value });
  else if (Array.isArray(value)) value.forEach((item, i) => findFiles(item, `${path}.${i}`, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) findFiles(item, `${path}.${key}`, found);
  return found;
}

function withoutFiles(value: unknown): unknown {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return null;
  if (Array.isArray(value)) return value.map(withoutFiles);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutFiles(v)]));
  return value;
}

/** Builds the multipart body (operations, map, files) of the GraphQL multipart request spec. */
export function multipartBody(operationName: string | undefined, query: string, variables: Record<string, unknown>): FormData | null {
  const files = findFiles(variables);
  if (!files.length) return null;
  const form = new FormData();
  form.append('operations', JSON.stringify({ operationName, query, variables: withoutFiles(variables) }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.append(String(i), f.file, f.file instanceof File ? f.file.name : `file-${i}`));
  return form;
}

/** Spec §7: multipart when files are present; every other operation goes on to the JSON link. */
export function multipartLink(fetchImpl: typeof fetch = (...args) => fetch(...args)): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const body = multipartBody(operation.operationName, print(operation.query), operation.variables);
    if (!body) return forward(operation);
    return new Observable((observer) => {
      const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
      fetchImpl(DATA_CONFIG.graphqlEndpoint, { method: 'POST', body, credentials: DATA_CONFIG.credentials, headers: { accept: '*/*', ...headers } })
        .then(async (response) => {
          if (response.status >= 300) throw new Error(`Response not successful: Received status code ${response.status}`);
          observer.next(await response.json());
          observer.complete();
        })
        .catch((error: unknown) => observer.error(error));
    });
  });
}
