/** A start-up failure in words an operator can act on, without echoing credentials from the URL. */
export function describeConnectionError(service: 'Postgres' | 'Redis', url: string, error: unknown): string {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || (service === 'Postgres' ? 5432 : 6379)}`;
  const reason =
    (error as { code?: string; message?: string }).code ?? (error as Error).message ?? String(error);
  const hint =
    service === 'Postgres'
      ? 'Start PostgreSQL or set DATABASE_URL (e.g. postgres://postgres@localhost:5432/service).'
      : 'Start Redis or set REDIS_URL (e.g. redis://127.0.0.1:6379).';
  return `Cannot reach ${service} at ${where} (${reason}). ${hint}`;
}
