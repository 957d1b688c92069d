import type { User } from '@wallet/shared/contracts';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { server } from './server';

const me: User = {
  _id: '0b7d4f1e-7c1a-4c39-9d7f-3b2f8f0b1a01',
  name: 'Rahim',
  email: 'rahim@example.com',
  role: 'USER',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export type { SentMovement } from '@wallet/shared/testing/money-api';
export const {
  ME,
  signedIn,
  person,
  wallet,
  transaction,
  heldRequest,
  movementAnswers,
  accepted,
  refused,
  counterpartsAnswer,
  walletAnswers,
  transactionsAnswer,
} = createMoneyApi(server, me);
