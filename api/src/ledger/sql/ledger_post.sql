-- One posting between two accounts: the primitive every movement (and the registration bonus)
-- goes through. Wallets are locked in id order (system accounts are never locked: they keep no
-- running balance) and checked, then the movement is priced (movement_fee: the payer's fee and
-- the agent's commission, read after the locks so a free allowance is counted once), then the
-- parties' limits (movement_limits) for each party whose holder is given (a movement's; the bonus
-- gives none). A refusal is returned as its code (from the API's refusal table,
-- shared/src/contracts/refusals.ts) and figures, with nothing written: FEE_CHANGED when the caller
-- expected another fee (the quote they confirmed), INSUFFICIENT_BALANCE when the amount and the
-- fee together are more than the payer holds, BALANCE_HELD when they are more than it holds free
-- of its hold (accounts.held: the registration bonus until it is released, sql/bonus_release.sql),
-- with what is held and what can leave. Limits count the amount alone. A bonus's posting holds what
-- it paid, in the same statement as its entries.
-- Otherwise the transaction and its entries are written, and the entries move the balances
-- (ledger_entries_post): the amount from payer to payee, the fee to FEE_REVENUE from whoever pays
-- it (movement_fee_payer: the payer, or a payment's merchant, out of what it just received; a
-- refund's goes back from FEE_REVENUE to the merchant, what ledger_move reckons, p_fee_back),
-- the commission to the agent, each a pair of entries of its own kind (never netted into the
-- amount). A cash-out's commission is its agent's share of its fee, from FEE_REVENUE. A cash-in's
-- comes from COMMISSION_FLOAT, which pays only what it holds: its row is locked last, after the
-- wallets and once nothing can refuse the movement (so it is held for the writes alone, and never
-- before a wallet: no deadlock), and a commission it cannot cover is not paid. The cash-in posts
-- with commission 0 and says what went unpaid (commission_unpaid), for the agent's receipt. An entry carries its transaction's time, so a statement and the history
-- show one time for one movement; and that time is the one instant the fee and the limits were
-- read at, so a movement is counted in the Asia/Dhaka day and month it was checked against.
CREATE OR REPLACE FUNCTION ledger_post(
  p_type transaction_type, p_amount bigint, p_from uuid, p_to uuid, p_sender uuid, p_receiver uuid,
  p_sender_holder limit_holder DEFAULT NULL, p_receiver_holder limit_holder DEFAULT NULL,
  p_expected_fee bigint DEFAULT NULL, p_fee_back bigint DEFAULT NULL,
  OUT refusal text, OUT refusal_params jsonb, OUT transaction_id uuid, OUT created_at timestamptz,
  OUT from_balance bigint, OUT to_balance bigint, OUT fee bigint, OUT commission bigint,
  OUT from_held bigint, OUT to_held bigint, OUT commission_unpaid bigint
) LANGUAGE plpgsql AS $$
DECLARE
  wallet record;
  checked record;
  sender_bound limits;
  receiver_bound limits;
  receiver_ceiling bigint;
  priced record;
  agent_account uuid;
  -- Where the commission comes from: FEE_REVENUE, or COMMISSION_FLOAT for a cash-in.
  commission_source uuid;
  float_balance bigint;
  -- The one instant of the movement: taken once the wallets are locked.
  moved_at timestamptz;
BEGIN
  IF p_from = p_to THEN
    refusal := 'SAME_ACCOUNT';
    RETURN;
  END IF;
  -- With each wallet, its owner's row of limits for this movement where it bounds their side
  -- (limit_side), and the receiver's maximum balance: read in the statement that locks.
  FOR wallet IN
    SELECT a.id, a.balance, a.held, a.is_blocked, bound, ceiling.max_balance
    FROM accounts a
    LEFT JOIN limits bound
      ON bound.type = p_type
     AND bound.holder = CASE WHEN a.id = p_from THEN p_sender_holder ELSE p_receiver_holder END
     AND limit_side(bound.holder, p_type) = CASE WHEN a.id = p_from THEN 'sent' ELSE 'received' END
    LEFT JOIN limits ceiling ON a.id = p_to AND ceiling.holder = p_receiver_holder AND ceiling.type IS NULL
    WHERE a.id IN (p_from, p_to) AND a.kind = 'WALLET' ORDER BY a.id FOR UPDATE OF a
  LOOP
    IF wallet.is_blocked THEN
      refusal := 'WALLET_BLOCKED';
    END IF;
    -- The balances before; after it, once priced (movement_net).
    IF wallet.id = p_from THEN
      from_balance := wallet.balance;
      from_held := wallet.held;
      sender_bound := wallet.bound;
    ELSE
      to_balance := wallet.balance;
      to_held := wallet.held;
      receiver_bound := wallet.bound;
      receiver_ceiling := wallet.max_balance;
    END IF;
  END LOOP;
  moved_at := clock_timestamp();
  fee := 0;
  commission := 0;
  IF p_type = 'refund' THEN
    -- What a refund gives back of its payment's fee (ledger_move reckons it): from fee revenue.
    fee := p_fee_back;
  ELSIF p_type IN ('transfer', 'cash-out', 'cash-in', 'payment') THEN
    priced := movement_fee(p_type, p_amount,
      CASE WHEN movement_fee_payer(p_type) = 'payer' THEN p_sender ELSE p_receiver END, moved_at);
    fee := priced.fee;
    commission := priced.commission;
  END IF;
  -- The fee the payer confirmed is their part of it (movement_payer_fee).
  IF refusal IS NULL AND p_expected_fee IS NOT NULL AND p_expected_fee <> movement_payer_fee(p_type, fee) THEN
    refusal := 'FEE_CHANGED';
    refusal_params := jsonb_build_object('fee', movement_payer_fee(p_type, fee));
  END IF;
  IF refusal IS NULL AND from_balance + movement_net(p_type, true, p_amount, fee, 0) < 0 THEN
    refusal := 'INSUFFICIENT_BALANCE';
  ELSIF refusal IS NULL AND from_balance - from_held + movement_net(p_type, true, p_amount, fee, 0) < 0 THEN
    refusal := 'BALANCE_HELD';
    refusal_params := jsonb_build_object('held', from_held, 'available', from_balance - from_held);
  END IF;
  IF refusal IS NULL AND (sender_bound.holder IS NOT NULL OR receiver_bound.holder IS NOT NULL OR receiver_ceiling IS NOT NULL) THEN
    checked := movement_limits(p_type, p_amount, p_sender, sender_bound,
      p_receiver, receiver_bound, receiver_ceiling, to_balance, moved_at);
    refusal := checked.refusal;
    refusal_params := checked.refusal_params;
  END IF;
  IF refusal IS NOT NULL THEN
    from_balance := NULL;
    to_balance := NULL;
    fee := NULL;
    commission := NULL;
    commission_unpaid := NULL;
    RETURN;
  END IF;
  commission_unpaid := 0;
  IF p_type = 'cash-in' AND commission > 0 THEN
    SELECT id, balance INTO commission_source, float_balance
    FROM accounts WHERE code = 'COMMISSION_FLOAT' FOR UPDATE;
    IF float_balance < commission THEN
      commission_unpaid := commission;
      commission := 0;
    END IF;
  END IF;
  from_balance := from_balance + movement_net(p_type, true, p_amount, fee, commission);
  to_balance := to_balance + movement_net(p_type, false, p_amount, fee, commission);
  INSERT INTO transactions (type, amount, fee, commission, sender_user_id, receiver_user_id, created_at)
  VALUES (p_type, p_amount, ledger_post.fee, ledger_post.commission, p_sender, p_receiver, moved_at)
  RETURNING transactions.id, transactions.created_at INTO transaction_id, created_at;
  IF fee = 0 AND commission = 0 THEN
    INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
    VALUES (ledger_post.transaction_id, p_from, -p_amount, ledger_post.created_at),
           (ledger_post.transaction_id, p_to, p_amount, ledger_post.created_at);
    IF p_type = 'bonus' THEN
      UPDATE accounts SET held = held + p_amount WHERE id = p_to;
      to_held := coalesce(to_held, 0) + p_amount;
    END IF;
    RETURN;
  END IF;
  -- The agent earns the commission: the payee of a cash-out, the payer of a cash-in.
  agent_account := CASE WHEN p_type = 'cash-in' THEN p_from ELSE p_to END;
  -- Debits first: the payer's balance was checked against the amount and the fee together.
  INSERT INTO ledger_entries (transaction_id, account_id, amount, kind, created_at)
  SELECT ledger_post.transaction_id, e.account_id, e.amount, e.kind, ledger_post.created_at
  FROM (SELECT id FROM accounts WHERE code = 'FEE_REVENUE') revenue,
       LATERAL (VALUES (1, p_from, -p_amount, 'amount'::entry_kind), (2, p_to, p_amount, 'amount'),
               (3, CASE WHEN movement_fee_payer(p_type) = 'payer' THEN p_from ELSE p_to END,
                CASE WHEN p_type = 'refund' THEN fee ELSE -fee END, 'fee'),
               (4, revenue.id, CASE WHEN p_type = 'refund' THEN -fee ELSE fee END, 'fee'),
               (5, coalesce(commission_source, revenue.id), -commission, 'commission'),
               (6, agent_account, commission, 'commission'))
       AS e(n, account_id, amount, kind)
  WHERE e.amount <> 0
  ORDER BY e.n;
END;
$$;
