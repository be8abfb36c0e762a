import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** Ids shaped like the ones each provider issues, so prefix-sniffing code sees realistic values. */
export const providerIds = {
  chatCompletion: () => `chatcmpl-${randomString(29, BASE62)}`,
  chatToolCall: () => `call_${randomString(24, BASE62)}`,
  systemFingerprint: () => `fp_${randomString(10, HEX)}`,
  openAiRequest: () => `req_${randomString(32, HEX)}`,
  response: () => `resp_${randomString(50, HEX)}`,
  responseMessage: () => `msg_${randomString(50, HEX)}`,
  responseFunctionCall: () => `fc_${randomString(50, HEX)}`,
  responseCustomToolCall: () => `ctc_${randomString(50, HEX)}`,
  anthropicMessage: () => `msg_01${randomString(22, BASE62)}`,
  anthropicToolUse: () => `toolu_01${randomString(22, BASE62)}`,
  anthropicRequest: () => `req_011C${randomString(20, BASE62)}`,
  /** OpenAI pads streamed deltas with random characters so payload sizes do not reveal the text length. */
  obfuscation: (paddedText: string) => randomString(1 + 15 - (paddedText.length % 16), BASE62),
};
