import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export const hmacSha256 = (key: Buffer, value: string): Buffer =>
  createHmac('sha256', key).update(value, 'utf8').digest();

/** Constant-time string comparison: both sides are hashed first so lengths leak nothing either. */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}
