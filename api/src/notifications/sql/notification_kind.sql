-- What a movement is to one of its wallets: named by the transaction's type and the wallet's side
-- (its amount entries in or out). MONEY_NOTIFICATION_KINDS in @wallet/shared/contracts names the
-- same kinds, and test/notifications.test.ts holds the two together for every type and side.
-- IMMUTABLE, and inlined by the planner into the posting trigger's statement: for that the body
-- may call nothing that is not immutable itself, so it compares the type and names the kind by
-- typed literals (read once, when the function is parsed), never by a cast to or from text
-- (enum_in and enum_out are only stable: a function that calls them runs as a function, planned
-- again for each posting, which cost a transfer some 100 µs).
CREATE OR REPLACE FUNCTION notification_kind(p_type transaction_type, p_incoming boolean)
RETURNS notification_kind LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_type
    WHEN 'transfer'::transaction_type THEN CASE WHEN p_incoming THEN 'money_received'::notification_kind ELSE 'money_sent'::notification_kind END
    WHEN 'deposit'::transaction_type THEN 'deposit'::notification_kind
    WHEN 'bonus'::transaction_type THEN 'bonus'::notification_kind
    WHEN 'cash-in'::transaction_type THEN CASE WHEN p_incoming THEN 'cash_in'::notification_kind ELSE 'cash_in_given'::notification_kind END
    WHEN 'cash-out'::transaction_type THEN CASE WHEN p_incoming THEN 'cash_out_received'::notification_kind ELSE 'cash_out'::notification_kind END
    WHEN 'payment'::transaction_type THEN CASE WHEN p_incoming THEN 'payment_received'::notification_kind ELSE 'payment_made'::notification_kind END
    WHEN 'refund'::transaction_type THEN CASE WHEN p_incoming THEN 'refund_received'::notification_kind ELSE 'refund_given'::notification_kind END
    WHEN 'reversal'::transaction_type THEN CASE WHEN p_incoming THEN 'reversal_received'::notification_kind ELSE 'reversal_taken'::notification_kind END
    ELSE CASE WHEN p_incoming THEN 'money_received'::notification_kind ELSE 'money_sent'::notification_kind END
  END
$$;
