import type { Envelope } from '@wallet/shared/contracts';
import { ApiError } from './api-error';
import { apiUrl } from './config';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

/** One call to the API with the session cookie; resolves to the envelope, rejects with ApiError. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, headers }: RequestOptions = {},
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, undefined, 'The server cannot be reached. Please try again.');
  }
  const payload = await readBody(response);
  if (!response.ok)
    throw new ApiError(response.status, payload as ApiError['body'], `Request failed (${response.status})`);
  return payload as Envelope<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The SWR fetcher: the key is the path, the value is the envelope's data. */
export async function apiFetcher<T>(path: string): Promise<T> {
  return (await apiRequest<T>(path)).data;
}
