import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, errorMessage } from '../api-error';
import { apiFetcher, apiRequest } from '../client';
import { configureApi } from '../config';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A real HTTP server on loopback standing in for the API, so the client runs exactly as in the browser. */
let handler: Handler;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApi({ baseUrl: `${origin}/api/v1/` });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('api client', () => {
  it('should send JSON to the configured base and resolve to the envelope', async () => {
    let seen: { method?: string; url?: string; type?: string; body?: string } = {};
    handler = (request, body, response) => {
      seen = { method: request.method, url: request.url, type: request.headers['content-type'], body };
      json(response, 201, { success: true, statusCode: 201, message: 'Created', data: { _id: 'a' } });
    };
    const envelope = await apiRequest<{ _id: string }>('/user/register', { method: 'POST', body: { name: 'Rahim' } });
    expect(envelope).toEqual({ success: true, statusCode: 201, message: 'Created', data: { _id: 'a' } });
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/v1/user/register',
      type: 'application/json',
      body: '{"name":"Rahim"}',
    });
  });

  it('should give SWR the envelope’s data', async () => {
    handler = (_request, _body, response) =>
      json(response, 200, { success: true, statusCode: 200, message: 'ok', data: { email: 'a@b.c' } });
    await expect(apiFetcher('/user/me')).resolves.toEqual({ email: 'a@b.c' });
  });

  it('should reject with an ApiError carrying the status, the body and the server’s message', async () => {
    const body = { success: false, statusCode: 409, message: 'User Already Exist' };
    handler = (_request, _body, response) => json(response, 409, body);
    const error = await apiRequest('/user/register', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, body, message: 'User Already Exist' });
    expect(errorMessage(error, 'fallback')).toBe('User Already Exist');
  });

  it('should keep a text answer as the body and the message', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(502, { 'Content-Type': 'text/plain' });
      response.end('Bad gateway');
    };
    await expect(apiRequest('/user/me')).rejects.toMatchObject({
      status: 502,
      body: 'Bad gateway',
      message: 'Bad gateway',
    });
  });

  it('should say the server cannot be reached when nothing answers', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:1/api/v1' });
    const error = await apiRequest('/user/me').catch((caught: unknown) => caught);
    configureApi({ baseUrl: `${origin}/api/v1` });
    expect(error).toMatchObject({ status: 0, message: 'The server cannot be reached. Please try again.' });
    expect(errorMessage(new Error('boom'), 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
  });
});
