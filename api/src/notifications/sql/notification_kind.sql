-- What a movement is to one of its wallets: named by the transaction's type and the wallet's side
-- (its amount entries in or out). MONEY_NOTIFICATION_KINDS in @wallet/shared/contracts names the
-- same kinds, and test/notifications.test.ts holds the two together for every type and side.
-- IMMUTABLE: a constant mapping, inlined by the planner into the posting trigger.
CREATE OR REPLACE FUNCTION notification_kind(p_type transaction_type, p_incoming boolean)
RETURNS notification_kind LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE p_type::text
    WHEN 'transfer' THEN CASE WHEN p_incoming THEN 'money_received' ELSE 'money_sent' END
    WHEN 'deposit' THEN 'deposit'
    WHEN 'bonus' THEN 'bonus'
    WHEN 'cash-in' THEN CASE WHEN p_incoming THEN 'cash_in' ELSE 'cash_in_given' END
    WHEN 'cash-out' THEN CASE WHEN p_incoming THEN 'cash_out_received' ELSE 'cash_out' END
    WHEN 'payment' THEN CASE WHEN p_incoming THEN 'payment_received' ELSE 'payment_made' END
    WHEN 'refund' THEN CASE WHEN p_incoming THEN 'refund_received' ELSE 'refund_given' END
    WHEN 'reversal' THEN CASE WHEN p_incoming THEN 'reversal_received' ELSE 'reversal_taken' END
    ELSE CASE WHEN p_incoming THEN 'money_received' ELSE 'money_sent' END
  END)::notification_kind
$$;
