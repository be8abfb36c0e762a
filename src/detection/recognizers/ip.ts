import { allMatches } from '../all-matches.js';
import ipaddr from 'ipaddr.js';
import type { Span } from '../types.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';

/**
 * IP addresses. IPv4: four decimal octets 0-255 without leading zeros, not part of a longer
 * dotted number ("1.2.3.4.5" is a version, not an address). IPv6: validated by ipaddr.js, and
 * required to look like an address rather than a time ("12:30:45"), a MAC address or `a::b` in code.
 * Version words nearby lower the score: "version 1.2.3.4" is not an address.
 */

const SCORE_V4 = 0.85;
const SCORE_V6 = 0.85;
/** Netmasks and the unspecified address are written like addresses but point at nobody. */
const SCORE_V4_NOT_A_HOST = 0.4;
const NOT_A_HOST = /^(?:0\.0\.0\.0|255\.\d+\.\d+\.\d+)$/;

const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const V4 = new RegExp(String.raw`(?<![\p{L}\p{N}_.])${OCTET}(?:\.${OCTET}){3}(?![\p{L}\p{N}_]|\.\d)`, 'gu');
// Hex groups joined by colons, optionally ending in a dotted IPv4 and a zone id ("%eth0").
const V6 = new RegExp(
  String.raw`(?<![\p{L}\p{N}_:.])(?:[0-9A-Fa-f]{1,4})?(?::[0-9A-Fa-f]{0,4}){2,7}(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?(?:%[A-Za-z0-9_.]{1,16})?(?![\p{L}\p{N}_:]|\.\d)`,
  'gu',
);

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    'ip', 'ipv4', 'ipv6', 'address', 'addr', 'host', 'server', 'client', 'adresse', 'dirección', 'indirizzo',
    'gateway', 'dns', 'subnet', 'router',
  ]),
  negative: contextWords([
    'version', 'v', 'ver', 'build', 'release', 'firmware', 'versión', 'versione', 'versions', 'oid', 'snmp',
  ]),
  after: 3,
  // "version 1.2.3.4", "1.2.3.4 is the version": only right next to the number.
  negativeDistance: 3,
};

function looksLikeV6(candidate: string): boolean {
  const address = candidate.split('%')[0]!;
  const compressed = address.includes('::');
  const groups = address.split(':').filter((g) => g.length > 0);
  const hexDigits = groups.reduce((n, g) => n + (g.includes('.') ? 0 : g.length), 0);
  const hasEmbeddedV4 = address.includes('.');
  // Full form has eight groups (six before an embedded IPv4); otherwise it must be compressed.
  if (!compressed && groups.length !== (hasEmbeddedV4 ? 7 : 8)) return false;
  if (address === '::1' || address === '::') return address === '::1';
  // "1:2:3:4:5:6:7:8" is a ratio; real addresses have groups of several hex digits.
  if (!groups.some((g) => g.length >= 2)) return false;
  return hexDigits >= 4 && (groups.length >= 3 || /\d/.test(address));
}

export function findIpSpans(text: string): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number, base: number) =>
    spans.push(patternSpan('IP_ADDRESS', start, end, scoreInContext(text, start, end, base, CONTEXT)));

  const v6: [number, number][] = [];
  for (const m of allMatches(V6, text)) {
    if (looksLikeV6(m[0]) && ipaddr.IPv6.isValid(m[0])) {
      push(m.index, m.index + m[0].length, SCORE_V6);
      v6.push([m.index, m.index + m[0].length]);
    }
  }
  let next = 0;
  for (const m of allMatches(V4, text)) {
    // The IPv4 tail of "::ffff:192.0.2.128" is part of the IPv6 address (both lists ascend).
    while (next < v6.length && v6[next]![1] <= m.index) next++;
    if (next < v6.length && v6[next]![0] <= m.index) continue;
    const end = m.index + m[0].length;
    // "10.0.0.0/8" names a network, not a host.
    const network = m[0].endsWith('.0') && /^\/\d{1,2}(?!\d)/.test(text.slice(end, end + 4));
    push(m.index, end, NOT_A_HOST.test(m[0]) || network ? SCORE_V4_NOT_A_HOST : SCORE_V4);
  }
  return spans;
}
