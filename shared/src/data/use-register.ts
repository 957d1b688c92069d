import useSWRMutation from 'swr/mutation';
import type { RegisterInput } from '@wallet/shared/contracts';
import { apiRequest } from './client';

export function useRegister() {
  return useSWRMutation('/user/register', (path: string, { arg }: { arg: RegisterInput }) =>
    apiRequest<unknown>(path, { method: 'POST', body: arg }),
  );
}
