/**
 * CSV text with a header row, lines ending CRLF; cells starting like a formula are escaped (spreadsheet
 * injection: names are typed by people). Papa Parse (18 KB) loads with the first export, not with the
 * pages that offer one (issue 24: a page's initial JavaScript).
 */
export async function toCsv(fields: string[], data: (string | number)[][]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}
