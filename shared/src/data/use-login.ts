import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type { LoginInput } from '@wallet/shared/contracts';
import { apiRequest } from './client';
import { ME_KEY } from './use-me';

export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/login', async (path: string, { arg }: { arg: LoginInput }) => {
    const envelope = await apiRequest<unknown>(path, { method: 'POST', body: arg });
    await mutate(ME_KEY);
    return envelope;
  });
}
