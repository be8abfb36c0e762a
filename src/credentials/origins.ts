import { z } from 'zod';

/**
 * Publishable-key origin rules (DESIGN 4): an entry is an exact origin (scheme://host[:port]) or
 * `https://*.domain[:port]`. A wildcard matches one or more labels before `.domain` on https, never
 * the bare domain, another scheme, another port, a look-alike or a suffix trick.
 */
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ENTRY = new RegExp(
  `^(https?)://(\\*\\.)?(${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`,
);

interface ParsedEntry {
  scheme: string;
  wildcard: boolean;
  host: string;
  port: string;
}

function parseEntry(entry: string): ParsedEntry | null {
  const m = ENTRY.exec(entry.toLowerCase());
  if (!m) return null;
  const [, scheme, star, host, port] = m;
  if (star && scheme !== 'https') return null;
  if (star && !host!.includes('.')) return null; // `https://*.com` would cover a whole TLD
  return { scheme: scheme!, wildcard: Boolean(star), host: host!, port: normalisePort(scheme!, port) };
}

const normalisePort = (scheme: string, port: string | undefined) =>
  port ?? (scheme === 'https' ? '443' : scheme === 'http' ? '80' : '');

export const allowedOriginSchema = z
  .string()
  .max(253)
  .refine((s) => parseEntry(s) !== null, {
    message: 'must be an origin like https://app.example.com or https://*.example.com',
  });

/** Canonical form stored for an entry: lower-case, no trailing slash, default port dropped. */
export function normaliseOriginEntry(entry: string): string {
  const p = parseEntry(entry)!;
  const defaultPort = normalisePort(p.scheme, undefined);
  return `${p.scheme}://${p.wildcard ? '*.' : ''}${p.host}${p.port === defaultPort ? '' : `:${p.port}`}`;
}

function parseOrigin(origin: string): { scheme: string; host: string; port: string } | null {
  if (origin === 'null') return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  // An Origin header is exactly scheme://host[:port] as the browser serialises it; anything else
  // (a path, user info, a default port spelled out, upper case) is refused rather than guessed at.
  if (url.origin === 'null' || url.origin !== origin) return null;
  const scheme = url.protocol.replace(/:$/, '');
  return { scheme, host: url.hostname, port: normalisePort(scheme, url.port || undefined) };
}

export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return false;
  const o = parseOrigin(origin);
  if (!o) return false;
  return allowed.some((entry) => {
    const e = parseEntry(entry);
    if (!e || e.scheme !== o.scheme || e.port !== o.port) return false;
    if (!e.wildcard) return e.host === o.host;
    return o.host.endsWith(`.${e.host}`) && o.host.length > e.host.length + 1;
  });
}
