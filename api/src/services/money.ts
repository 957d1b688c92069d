import { eq } from 'drizzle-orm';
import { httpErrors } from '@fastify/sensible';
import type {
  CashInInput,
  CashOutInput,
  DepositInput,
  MoneyMovementResult,
  TransferInput,
} from '@wallet/shared/contracts';
import { takaToPoisha } from '@wallet/shared/money';
import type { Tx } from '../db/client';
import { accounts, users } from '../db/schema';
import { toTransaction, toWallet, party } from './dto';
import { post, type Posting, type SystemAccountIds } from './ledger';
import type { UserRow } from './users';

async function walletOf(tx: Tx, userId: string) {
  const [wallet] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId)).limit(1);
  if (!wallet) throw httpErrors.notFound('Wallet not found');
  return wallet.id;
}

async function counterpart(tx: Tx, id: string, notFound: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw httpErrors.notFound(notFound);
  return user;
}

async function settle(
  tx: Tx,
  caller: UserRow,
  posting: Omit<Posting, 'amount'> & { amount: number },
  names: { sender: UserRow | null; receiver: UserRow | null },
): Promise<MoneyMovementResult> {
  const { transaction, from, to } = await post(tx, { ...posting, amount: takaToPoisha(posting.amount) });
  const callerWallet = from.userId === caller.id ? from : to;
  return {
    transaction: toTransaction(transaction, party(names.sender), party(names.receiver)),
    wallet: toWallet(callerWallet),
  };
}

/** A USER adds money from the bank: the bank settlement account pays the wallet. */
export async function deposit(tx: Tx, system: SystemAccountIds, caller: UserRow, input: DepositInput) {
  const wallet = await walletOf(tx, caller.id);
  return settle(
    tx,
    caller,
    {
      type: 'deposit',
      amount: input.balance,
      fromAccountId: system.bank,
      toAccountId: wallet,
      senderUserId: null,
      receiverUserId: caller.id,
    },
    { sender: null, receiver: caller },
  );
}

export async function transfer(tx: Tx, caller: UserRow, input: TransferInput) {
  if (input.receiverId === caller.id) throw httpErrors.badRequest('You cannot transfer money to yourself');
  const receiver = await counterpart(tx, input.receiverId, 'Receiver not found');
  if (receiver.role !== 'USER') throw httpErrors.badRequest('Money can only be transferred to a user');
  const [from, to] = [await walletOf(tx, caller.id), await walletOf(tx, receiver.id)];
  return settle(
    tx,
    caller,
    {
      type: 'transfer',
      amount: input.balance,
      fromAccountId: from,
      toAccountId: to,
      senderUserId: caller.id,
      receiverUserId: receiver.id,
    },
    { sender: caller, receiver },
  );
}

/** A USER withdraws cash at an agent: the user's wallet pays the agent's wallet. */
export async function cashOut(tx: Tx, caller: UserRow, input: CashOutInput) {
  const agent = await counterpart(tx, input.agentId, 'Agent not found');
  if (agent.role !== 'AGENT') throw httpErrors.badRequest('Cash-out is only possible through an agent');
  if (!agent.isActive) throw httpErrors.forbidden('Agent is suspended');
  const [from, to] = [await walletOf(tx, caller.id), await walletOf(tx, agent.id)];
  return settle(
    tx,
    caller,
    {
      type: 'cash-out',
      amount: input.balance,
      fromAccountId: from,
      toAccountId: to,
      senderUserId: caller.id,
      receiverUserId: agent.id,
    },
    { sender: caller, receiver: agent },
  );
}

/** An active AGENT takes cash from a user and pays the user's wallet from its own. */
export async function cashIn(tx: Tx, caller: UserRow, input: CashInInput) {
  const [agent] = await tx.select().from(users).where(eq(users.id, caller.id)).limit(1);
  if (!agent?.isActive) throw httpErrors.forbidden('Agent is suspended');
  const user = await counterpart(tx, input.userId, 'User not found');
  if (user.role !== 'USER') throw httpErrors.badRequest('Cash-in is only possible to a user');
  const [from, to] = [await walletOf(tx, agent.id), await walletOf(tx, user.id)];
  return settle(
    tx,
    agent,
    {
      type: 'cash-in',
      amount: input.balance,
      fromAccountId: from,
      toAccountId: to,
      senderUserId: agent.id,
      receiverUserId: user.id,
    },
    { sender: agent, receiver: user },
  );
}
