// Display of the API's figures: raw-unit integer strings shifted by their decimals with integer arithmetic (never
// through floating point, which would change the digits), prices trimmed to significant digits, times in UTC.

/** `raw` (an integer string) divided by 10^decimals, with at most `places` fraction digits (cut, not rounded). */
export function units(raw: string, decimals: number, places = 4): string {
  const negative = raw.startsWith('-');
  const digits = (negative ? raw.slice(1) : raw).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal string with at most `significant` significant digits (cut), so tiny prices stay readable. */
export function significant(decimal: string, significantDigits = 6): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (whole.replace('-', '') !== '0') return `${grouped(whole)}${fraction ? `.${fraction.slice(0, 2).replace(/0+$/, '')}` : ''}`.replace(/\.$/, '');
  const leading = fraction.length - fraction.replace(/^0+/, '').length;
  const shown = fraction.slice(0, leading + significantDigits).replace(/0+$/, '');
  return shown ? `${whole}.${shown}` : '0';
}

function grouped(whole: string): string {
  const sign = whole.startsWith('-') ? '-' : '';
  return sign + whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function percent(value: string | null): string {
  if (value === null) return '–';
  return `${value.startsWith('-') ? '' : '+'}${value}%`;
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

export function utcTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
}

export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
