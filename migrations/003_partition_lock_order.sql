-- create_log_partitions (migration 002) took the default partition's lock before the one on
-- tenants that a new partition's foreign key needs, while deleting a tenant takes them the other way
-- round: the hourly maintenance job and a tenant's deletion could deadlock, and one of them failed
-- ("deadlock detected"). The function now locks tenants first, only when it is about to create a
-- partition; SHARE ROW EXCLUSIVE lets the foreign-key checks of concurrent writes through (they take
-- ROW SHARE) and holds back only writes to tenants themselves, for the few milliseconds it takes.

CREATE OR REPLACE FUNCTION create_log_partitions(first_month timestamptz, months integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  log_table text;
  month_start timestamptz;
  month_end timestamptz;
  partition_name text;
  rows_in_default boolean;
  created integer := 0;
BEGIN
  FOREACH log_table IN ARRAY ARRAY['reveal_log', 'request_log', 'audit_entities', 'usage_events'] LOOP
    FOR i IN 0 .. months - 1 LOOP
      -- Month arithmetic on UTC wall-clock time, so a session time zone's DST never shifts a bound.
      month_start := (date_trunc('month', first_month AT TIME ZONE 'UTC') + make_interval(months => i))
                     AT TIME ZONE 'UTC';
      month_end := (date_trunc('month', first_month AT TIME ZONE 'UTC') + make_interval(months => i + 1))
                   AT TIME ZONE 'UTC';
      partition_name := format('%s_y%sm%s', log_table,
                               to_char(month_start AT TIME ZONE 'UTC', 'YYYY'),
                               to_char(month_start AT TIME ZONE 'UTC', 'MM'));
      CONTINUE WHEN to_regclass(partition_name) IS NOT NULL;
      -- Rows of this month already in the default partition stay there (still found by every
      -- query); a partition for the month could not be attached over them.
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE created_at >= %L AND created_at < %L)',
                     log_table || '_default', month_start, month_end)
        INTO rows_in_default;
      CONTINUE WHEN rows_in_default;
      -- Creating a partition locks the log table's default partition, then tenants (the partition's
      -- foreign key); deleting a tenant locks tenants, then every log table (the cascade). Taking
      -- tenants first here makes either wait for the other instead of deadlocking.
      IF created = 0 THEN
        LOCK TABLE tenants IN SHARE ROW EXCLUSIVE MODE;
      END IF;
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     partition_name, log_table, month_start, month_end);
      created := created + 1;
    END LOOP;
  END LOOP;
  RETURN created;
END
$$;
