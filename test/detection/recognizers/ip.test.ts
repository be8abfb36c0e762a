import { describe, expect, it } from 'vitest';
import { findIpSpans } from '../../../src/detection/recognizers/ip.js';
import { longText, reported, valuesOf } from './helpers.js';

const ips = (text: string) => valuesOf(text, reported(findIpSpans(text)));

describe('findIpSpans', () => {
  it.each([
    '192.168.1.20',
    '8.8.8.8',
    '10.0.0.255',
    '127.0.0.1',
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    '2001:db8::ff00:42:8329',
    'fe80::1ff:fe23:4567:890a',
    'fe80::1%eth0',
    '::1',
    '::ffff:192.0.2.128',
  ])('finds %s', (ip) => {
    expect(ips(`client ${ip} connected`)).toEqual([ip]);
  });

  it('labels spans IP', () => {
    expect(findIpSpans('10.1.2.3')[0]).toMatchObject({
      entity_type: 'IP_ADDRESS',
      label: 'IP',
      source: 'pattern',
      start: 0,
      end: 8,
    });
  });

  it('refuses invalid octets, leading zeros and parts of longer dotted numbers', () => {
    for (const text of [
      '256.1.1.1',
      '1.2.3',
      '192.168.01.1',
      '1.2.3.4.5',
      'v1.2.3.4',
      '10.0.0.1a',
      '3.14.15.92.65',
    ]) {
      expect(ips(text), text).toEqual([]);
    }
  });

  it('lowers the score near version words and for netmasks and networks', () => {
    expect(ips('version 1.2.3.4 released')).toEqual([]);
    expect(ips('1.2.3.4 is the version string')).toEqual([]);
    expect(ips('Release 10.0.0.1 notes')).toEqual([]);
    expect(ips('netmask 255.255.255.0')).toEqual([]);
    expect(ips('bind to 0.0.0.0')).toEqual([]);
    expect(ips('route 10.0.0.0/8 internally')).toEqual([]);
    expect(ips('host 10.0.0.5/24')).toEqual(['10.0.0.5']);
  });

  it('does not take times, MAC addresses, ratios or C++ scopes for IPv6', () => {
    for (const text of [
      '12:30:45',
      '00:1A:2B:3C:4D:5E',
      '1:2:3:4:5:6:7:8',
      'std::vector',
      'a::b',
      'Note::',
      'x :: y',
    ]) {
      expect(ips(text), text).toEqual([]);
    }
  });

  it('finds addresses at the edges, before punctuation and next to each other', () => {
    expect(ips('8.8.8.8')).toEqual(['8.8.8.8']);
    expect(ips('Ping 8.8.8.8.')).toEqual(['8.8.8.8']);
    expect(ips('8.8.8.8,1.1.1.1;2001:db8::1')).toEqual(['8.8.8.8', '1.1.1.1', '2001:db8::1']);
    expect(ips('[2001:db8::1]:443')).toEqual(['2001:db8::1']);
  });

  it('scans 200,000 characters, including long runs of dots and colons', () => {
    expect(ips(longText('from 203.0.113.7'))).toEqual(Array(3).fill('203.0.113.7'));
    expect(ips('1.'.repeat(100_000))).toEqual([]);
    expect(ips('ab:'.repeat(66_000))).toEqual([]);
  });
});
