import type { FastifyReply } from 'fastify';
import type { Meta } from '@wallet/shared/contracts';
import type { Paged } from './paging';

export function envelope<T>(statusCode: number, message: string, data: T, meta?: Meta) {
  return { success: true as const, statusCode, message, data, ...(meta ? { meta } : {}) };
}

export function send<T>(reply: FastifyReply, statusCode: number, message: string, data: T) {
  return reply.code(statusCode).send(envelope(statusCode, message, data));
}

export function sendPage<T>(reply: FastifyReply, message: string, page: Paged<T>) {
  return reply.code(200).send(envelope(200, message, page.items, page.meta));
}
