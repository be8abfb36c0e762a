/**
 * The form of a value that decides "same value" within a session (DESIGN 2): spelling differences
 * that do not change what the value is must map to the same token, or a model sees one person as two.
 */
export function normalizeValue(entityType: string, value: string): string {
  const text = value.normalize('NFKC').trim();
  switch (entityType) {
    case 'EMAIL_ADDRESS':
      return text.toLowerCase();
    case 'PHONE_NUMBER': {
      // Digits with a leading + kept: "+44 20 7946 0958" and "+44-20-7946-0958" are one number.
      const digits = text.replace(/[^\d+]/g, '');
      return digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '');
    }
    case 'CREDIT_CARD':
    case 'US_SSN':
      return text.replace(/\D/g, '');
    case 'IBAN_CODE':
      return text.replace(/[\s-]/g, '').toUpperCase();
    case 'IP_ADDRESS':
      return text.toLowerCase();
    case 'CRYPTO_WALLET':
    case 'SECRET':
      // Case can matter (base58 wallets, secrets): exact after trimming.
      return text;
    default:
      // Names, places, organisations, addresses, custom types: case- and spacing-insensitive.
      return text.toLocaleLowerCase('und').replace(/\s+/g, ' ');
  }
}
