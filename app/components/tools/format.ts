/** +12125550100 → (212) 555-0100, the way North American numbers are read; anything else as it is. */
export function formatNanp(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
