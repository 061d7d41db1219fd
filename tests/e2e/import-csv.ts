/**
 * Import files made by the tests themselves (no fixture files): `valid` distinct numbers of area code 212 in a
 * random exchange (so runs against the same database never collide), alternating two organizations, plus
 * bad rows of three kinds placed among them.
 */
export function importCsv(valid: number, bad: { invalid?: number; duplicates?: number; unknownOrganization?: number } = {}) {
  // NXX 230–549 without the N11 codes: every such 212 exchange is a valid New York number.
  let exchange = 230 + Math.floor(Math.random() * 320);
  if (exchange % 100 === 11) exchange++;
  const block = Math.floor(Math.random() * 9) * 1000;
  const numbers = Array.from({ length: valid }, (_, index) => `+1212${exchange}${String(block + index).padStart(4, "0")}`);
  const organizations = ["BUS-10021", "Lakeside Logistics"];
  const rows = numbers.map((number, index) => `${number},${organizations[index % 2]},local,Imported ${index},`);
  const badRows = [
    ...Array.from({ length: bad.invalid ?? 0 }, (_, index) => `12${index},BUS-10021,local,Bad number,`),
    // The same numbers as valid rows, written the way people type them.
    ...Array.from({ length: bad.duplicates ?? 0 }, (_, index) => {
      const number = numbers[index];
      return `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)},BUS-10021,local,Duplicate,`;
    }),
    ...Array.from(
      { length: bad.unknownOrganization ?? 0 },
      (_, index) => `+1212${exchange}${String(block + valid + index).padStart(4, "0")},No Such Org,local,,`,
    ),
  ];
  // Bad rows spread through the file, after the numbers they duplicate.
  const all = [...rows];
  badRows.forEach((row, index) => {
    all.splice(Math.min(all.length, 40 + index * 37), 0, row);
  });
  return { csv: `number,organization,type,label,cnam\r\n${all.join("\r\n")}\r\n`, numbers };
}
