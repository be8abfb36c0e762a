-- The log tables are partitioned by month of created_at (DESIGN 1), so old months can be detached
-- or dropped whole and each month's indexes stay small. Primary keys gain created_at (a partitioned
-- table's unique keys must hold the partition key); every writer takes created_at from its job
-- payload, so a retried job still meets its own row and inserts nothing twice.
--
-- Months are UTC. A DEFAULT partition catches any row whose month has no partition yet, so an insert
-- never fails for want of one; the maintenance job creates the coming months ahead of time
-- (create_log_partitions), so the default partition normally stays empty.

CREATE FUNCTION create_log_partitions(first_month timestamptz, months integer) RETURNS integer
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
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     partition_name, log_table, month_start, month_end);
      created := created + 1;
    END LOOP;
  END LOOP;
  RETURN created;
END
$$;

-- Each table: move the old one aside, create the partitioned one with the same columns, defaults and
-- checks, make partitions for every month that has rows through at least two months ahead, copy the
-- rows over, drop the old one.
DO $$
DECLARE
  log record;
  first_row timestamptz := now();
  oldest timestamptz;
BEGIN
  FOR log IN SELECT * FROM (VALUES
      ('reveal_log', 'tenant_id, attempt_id, token_id'),
      ('request_log', 'tenant_id, id'),
      ('audit_entities', 'tenant_id, event_id, seq'),
      ('usage_events', 'tenant_id, event_id')
    ) AS t(name, key)
  LOOP
    EXECUTE format('ALTER TABLE %I RENAME TO %I', log.name, log.name || '_unpartitioned');
    EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I',
                   log.name || '_unpartitioned', log.name || '_pkey', log.name || '_unpartitioned_pkey');
    EXECUTE format('ALTER INDEX %I RENAME TO %I', log.name || '_recent', log.name || '_unpartitioned_recent');
    EXECUTE format(
      'CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (%s, created_at),
                        FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE)
         PARTITION BY RANGE (created_at)',
      log.name, log.name || '_unpartitioned', log.key);
    EXECUTE format('CREATE INDEX %I ON %I (tenant_id, created_at DESC)', log.name || '_recent', log.name);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', log.name || '_default', log.name);
    EXECUTE format('SELECT min(created_at) FROM %I', log.name || '_unpartitioned') INTO oldest;
    first_row := LEAST(first_row, oldest);
  END LOOP;

  PERFORM create_log_partitions(first_row, ceil(extract(epoch FROM now() - first_row) / (28 * 86400))::int + 3);

  FOREACH log.name IN ARRAY ARRAY['reveal_log', 'request_log', 'audit_entities', 'usage_events'] LOOP
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', log.name, log.name || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', log.name || '_unpartitioned');
  END LOOP;
END
$$;
