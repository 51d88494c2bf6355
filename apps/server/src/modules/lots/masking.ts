/** 'LSVAM4187C2184733' → 'LSV**********4733': first 3 and last 4 kept. */
export function maskVin(vin: string): string {
  const v = vin.trim();
  if (v.length <= 7) return '*'.repeat(v.length);
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}

/** '沪A12345' or '沪A·12345' → '沪A·***45': province and letter kept, last 2 kept. */
export function maskPlate(plate: string): string {
  const chars = [...plate.replace(/[·\s]/g, '')];
  if (chars.length < 4) return '***';
  const head = chars.slice(0, 2).join('');
  const tail = chars.slice(-2).join('');
  return `${head}·${'*'.repeat(Math.max(chars.length - 4, 1))}${tail}`;
}

/** Bidder numbers are public only as their last 4 digits. */
export function maskBidderNo(no: string): string {
  return no.length <= 4 ? no : `${'*'.repeat(Math.min(no.length - 4, 4))}${no.slice(-4)}`;
}
