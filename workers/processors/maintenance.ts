import type { Processor } from '../runtime.js';
import { purgeCreatedBefore } from '../../src/vault/token-vault.js';
import { resolveSettings } from '../../src/tenants/settings.js';

/**
 * Expired client sessions are kept a week (at least the 24 h DESIGN 4 asks for, so a late caller
 * still gets `session_expired` rather than a bare 401), then deleted.
 */
export const EXPIRED_SESSION_KEEP_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Log tables are partitioned by month (migration 002); partitions exist this far ahead. */
export const LOG_PARTITION_MONTHS_AHEAD = 3;

export const maintenance: Processor<'maintenance'> = async (payload, { db, logger, vault }) => {
  switch (payload.task) {
    case 'purge-expired-client-sessions': {
      // Per tenant, like every other statement on tenant data.
      const tenants = await db.query<{ id: string }>('SELECT id FROM tenants');
      let deleted = 0;
      for (const { id } of tenants.rows) {
        const { rowCount } = await db.query(
          `DELETE FROM client_sessions
            WHERE tenant_id = $1::text AND expires_at < now() - make_interval(days => $2::int)`,
          [id, EXPIRED_SESSION_KEEP_DAYS],
        );
        deleted += rowCount ?? 0;
      }
      logger.info({ deleted }, 'purged expired client sessions');
      return;
    }
    case 'apply-token-retention': {
      // Tenants with `token_retention_days` lose tokens older than that (purged, as by an erasure).
      const tenants = await db.query<{ id: string; settings: unknown }>(
        `SELECT id, settings FROM tenants WHERE settings ? 'token_retention_days'`,
      );
      let purged = 0;
      for (const row of tenants.rows) {
        const days = resolveSettings(row.settings).token_retention_days;
        if (days === null) continue;
        purged += (await vault.purge(row.id, purgeCreatedBefore(new Date(Date.now() - days * DAY_MS))))
          .length;
      }
      logger.info({ purged }, 'applied token retention');
      return;
    }
    case 'create-log-partitions': {
      // This month and the next three (migration 002): rows never wait for a partition, and a
      // worker that is down for weeks still finds its months there.
      const { rows } = await db.query<{ created: number }>(
        'SELECT create_log_partitions(now(), $1::int) AS created',
        [LOG_PARTITION_MONTHS_AHEAD + 1],
      );
      logger.info({ created: rows[0]?.created ?? 0 }, 'created log partitions');
      return;
    }
    case 'purge-expired-debug-bodies': {
      const tenants = await db.query<{ id: string }>('SELECT id FROM tenants');
      let cleared = 0;
      for (const { id } of tenants.rows) {
        const { rowCount } = await db.query(
          `UPDATE request_log SET debug_request = NULL, debug_response = NULL
            WHERE tenant_id = $1::text AND debug_expires_at < now() AND (debug_request IS NOT NULL OR debug_response IS NOT NULL)`,
          [id],
        );
        cleared += rowCount ?? 0;
      }
      logger.info({ cleared }, 'cleared expired debug bodies');
      return;
    }
  }
};
