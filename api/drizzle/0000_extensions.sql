-- Trigram indexes make the counterpart pickers' "name or email contains" search fast at any size.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
