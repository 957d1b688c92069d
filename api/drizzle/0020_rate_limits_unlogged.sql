-- Rate-limit counters need no durability: after a crash every window starts again, which costs a
-- client nothing it could not get by waiting a minute. Unlogged, a rate-limited request no longer
-- waits for a WAL flush (issue 27: the mixed workload).
ALTER TABLE "rate_limits" SET UNLOGGED;
