import { ServiceError } from '../errors.js';
import type { Caller } from './client-auth.js';

/**
 * "The caller's end user" (DESIGN 4b): bound for client sessions and device keys, whatever the body
 * says; the body's `end_user_id` for a secret key on tokenize and detect (servers are trusted);
 * none for publishable keys. A secret key names no end user on detokenize.
 */
export function callerEndUser(
  caller: Caller,
  bodyEndUserId: string | undefined,
  call: 'tokenize' | 'detokenize',
): string | null {
  switch (caller.kind) {
    case 'client_session':
    case 'device':
      return caller.endUserId;
    case 'publishable':
      return null;
    case 'secret':
      if (call === 'detokenize') {
        if (bodyEndUserId !== undefined) {
          throw new ServiceError(
            'invalid_request',
            'end_user_id: a secret key reveals through sessions, grants or detokenize:any',
          );
        }
        return null;
      }
      return bodyEndUserId ?? null;
  }
}
