import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type { LoginInput } from '@wallet/shared/contracts';
import { apiRequest, ME_KEY } from '@wallet/shared/api';

export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/login', async (path: string, { arg }: { arg: LoginInput }) => {
    const envelope = await apiRequest<unknown>(path, { method: 'POST', body: arg });
    await mutate(ME_KEY);
    return envelope;
  });
}
