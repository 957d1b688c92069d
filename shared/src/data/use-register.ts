import useSWRMutation from 'swr/mutation';
import type { RegisterInput } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

export function useRegister() {
  return useSWRMutation('/user/register', (path: string, { arg }: { arg: RegisterInput }) =>
    apiRequest<unknown>(path, { method: 'POST', body: arg }),
  );
}
