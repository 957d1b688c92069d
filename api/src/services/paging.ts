import type { Meta, PaginationQuery } from '@wallet/shared/contracts';

export interface Paged<T> {
  items: T[];
  meta: Meta;
}

export function pageMeta(query: PaginationQuery, total: number): Meta {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}
